import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REVIEWS } from '#server/db/demo-data.ts';
import { reviews, user } from '#server/db/schema.ts';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import { call, type SignedInCustomer, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

interface ReviewAnswer {
  _id: string;
  reviewName: string;
  reviewEmail?: string;
  reviewPhoto: string;
  reviewRating: number;
  reviewDescription: string;
  createdAt: string;
}

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const VALID = {
  reviewPhoto: 'https://photos.example.com/me.jpg',
  reviewRating: 4,
  reviewDescription: 'Parcels arrive on time and the courier is always polite.',
};

describe.each(testDatabaseKinds())('reviews over real HTTP on %s', (kind) => {
  let server: TestServer;
  let customer: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    customer = await signUpCustomer(server, { name: 'Nadia Karim' });
  });
  afterAll(() => server?.stop());

  const listReviews = async () => {
    const answer = await call<ReviewAnswer[]>(server, 'GET', '/api/review');
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const postReview = (body: unknown, token = customer.token) =>
    call<ReviewAnswer & ErrorAnswer>(server, 'POST', '/api/review', { token, body });

  it('lists the demo testimonials to anyone, newest first, without the reviewers’ emails', async () => {
    const list = await listReviews();
    expect(list.map((review) => review.reviewName)).toEqual(DEMO_REVIEWS.map((review) => review.reviewName).reverse());
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['_id', 'createdAt', 'reviewDescription', 'reviewName', 'reviewPhoto', 'reviewRating'].sort(),
    );
    expect(JSON.stringify(list)).not.toContain('@');
  });

  describe('validation: a bad review gets 400 naming the field, and nothing is stored', () => {
    const tooLong = 'x'.repeat(LIMITS.reviewDescriptionMaxLength + 1);
    it.each([
      ['no photo', { ...VALID, reviewPhoto: undefined }, 'reviewPhoto', MESSAGES.reviewFieldRequired],
      ['an empty photo', { ...VALID, reviewPhoto: '   ' }, 'reviewPhoto', MESSAGES.reviewFieldRequired],
      ['no description', { ...VALID, reviewDescription: undefined }, 'reviewDescription', MESSAGES.reviewFieldRequired],
      ['a blank description', { ...VALID, reviewDescription: ' \n ' }, 'reviewDescription', MESSAGES.reviewFieldRequired],
      ['a 1001-character description', { ...VALID, reviewDescription: tooLong }, 'reviewDescription', /at most 1000/],
      ['a javascript: photo', { ...VALID, reviewPhoto: 'javascript:alert(1)' }, 'reviewPhoto', /http/],
      ['an ftp photo', { ...VALID, reviewPhoto: 'ftp://example.com/me.jpg' }, 'reviewPhoto', /http/],
      ['a photo that is no address', { ...VALID, reviewPhoto: 'my face' }, 'reviewPhoto', /http/],
      ['rating 0', { ...VALID, reviewRating: 0 }, 'reviewRating', /1 to 5/],
      ['rating 6', { ...VALID, reviewRating: 6 }, 'reviewRating', /1 to 5/],
      ['rating 3.5', { ...VALID, reviewRating: 3.5 }, 'reviewRating', /1 to 5/],
      ['rating "five"', { ...VALID, reviewRating: 'five' }, 'reviewRating', /1 to 5/],
      ['rating true', { ...VALID, reviewRating: true }, 'reviewRating', /1 to 5/],
      ['no rating', { ...VALID, reviewRating: undefined }, 'reviewRating', /1 to 5/],
    ])('%s', async (_case, body, field, message) => {
      const before = await listReviews();
      const answer = await postReview(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
      expect(Object.keys(answer.body.error.fields ?? {})).toEqual([field]);
      expect(answer.body.error.fields?.[field]).toMatch(message);
      expect(await listReviews()).toEqual(before);
    });

    it('accepts exactly 1000 characters, and the rating as the form’s digit string', async () => {
      const exact = 'y'.repeat(LIMITS.reviewDescriptionMaxLength);
      const answer = await postReview({ ...VALID, reviewRating: '2', reviewDescription: exact });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ reviewRating: 2, reviewDescription: exact });
    });
  });

  it('takes the reviewer’s name and email from the session, whatever the body says', async () => {
    const answer = await postReview({ ...VALID, reviewName: 'The CEO', reviewEmail: 'ceo@bank.example' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ...VALID, reviewName: 'Nadia Karim', reviewEmail: customer.email });
    const [stored] = await server.db.select().from(reviews).where(eq(reviews.id, answer.body._id));
    const [author] = await server.db.select().from(user).where(eq(user.email, customer.email));
    expect(stored).toMatchObject({ reviewName: 'Nadia Karim', reviewEmail: customer.email, userId: author?.id });
  });

  it('shows a new review first, before older ones', async () => {
    const other = await signUpCustomer(server, { name: 'Omar Faruk' });
    const first = await postReview({ ...VALID, reviewDescription: 'First of two.' });
    const second = await postReview({ ...VALID, reviewRating: 5, reviewDescription: 'Second of two.' }, other.token);
    expect([first.status, second.status]).toEqual([201, 201]);
    const list = await listReviews();
    expect(list.slice(0, 2).map((review) => [review.reviewName, review.reviewDescription])).toEqual([
      ['Omar Faruk', 'Second of two.'],
      ['Nadia Karim', 'First of two.'],
    ]);
    const times = list.map((review) => Date.parse(review.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('stores and returns markup in a description as plain text, unchanged', async () => {
    const markup = '<img src=x onerror="alert(1)"><b>Great</b> service & "fast" <script>alert(2)</script>';
    const answer = await postReview({ ...VALID, reviewDescription: markup });
    expect(answer.status).toBe(201);
    expect(answer.body.reviewDescription).toBe(markup);
    const response = await fetch(`${server.url}/api/review`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const listed = ((await response.json()) as ReviewAnswer[]).find((review) => review._id === answer.body._id);
    expect(listed?.reviewDescription).toBe(markup);
  });

  it('shows a deleted account’s reviews as a former customer’s, with no name, photo or email, at once (decision 0053)', async () => {
    const leaving = await signUpCustomer(server, { name: 'Rowan Vanishing' });
    const photo = '/images/team/rowan-vanishing.jpg';
    const posted = await postReview({ ...VALID, reviewPhoto: photo, reviewDescription: 'Rowan’s last words.' }, leaving.token);
    expect(posted.status).toBe(201);
    const homePage = async () => (await fetch(`${server.url}/`)).text();
    // Both answers are read once before the deletion, so a kept copy would still show the name.
    expect(await homePage()).toContain('Rowan Vanishing');
    expect((await listReviews())[0]?.reviewName).toBe('Rowan Vanishing');

    const deleted = await call(server, 'DELETE', '/api/user', { token: leaving.token, body: { email: leaving.email } });
    expect(deleted.status).toBe(200);

    const [kept] = await listReviews();
    expect(kept).toMatchObject({
      _id: posted.body._id,
      reviewName: MESSAGES.formerCustomer,
      reviewPhoto: '',
      reviewDescription: 'Rowan’s last words.',
    });
    const html = await homePage();
    expect(html).not.toContain('Rowan Vanishing');
    expect(html).not.toContain(photo);
    expect(html).toContain(MESSAGES.formerCustomer);
    const [stored] = await server.db.select().from(reviews).where(eq(reviews.id, posted.body._id));
    expect(stored).toMatchObject({ userId: null, reviewName: MESSAGES.formerCustomer, reviewEmail: '', reviewPhoto: '' });
  });

  describe('pages (R-BOUNDS)', () => {
    const page = (query: string) => call<ReviewAnswer[] & ErrorAnswer>(server, 'GET', `/api/review${query}`);

    it('answers one page of the newest-first list as an array, with the total in X-Total-Count', async () => {
      for (let index = 0; index < 5; index++) {
        expect((await postReview({ ...VALID, reviewDescription: `Paged review ${index}` })).status).toBe(201);
      }
      const everything = await page(`?pageSize=${LIMITS.reviewPageSizeMax}`);
      const total = Number(everything.headers.get('x-total-count'));
      expect(total).toBe(everything.body.length);
      expect(total).toBeGreaterThan(6);

      const second = await page('?page=2&pageSize=3');
      expect(second.status).toBe(200);
      expect(second.body.map((review) => review._id)).toEqual(everything.body.slice(3, 6).map((review) => review._id));
      expect(second.headers.get('x-total-count')).toBe(String(total));
      expect((await page('?page=1000&pageSize=3')).body).toEqual([]);
      expect((await page('')).body).toHaveLength(Math.min(total, LIMITS.reviewPageSizeDefault));
    });

    it.each([
      ['?pageSize=101', 'pageSize', `pageSize must be a whole number from 1 to ${LIMITS.reviewPageSizeMax}`],
      ['?page=0', 'page', `page must be a whole number from 1 to ${LIMITS.reviewPageMax}`],
      ['?page=two', 'page', `page must be a whole number from 1 to ${LIMITS.reviewPageMax}`],
    ])('refuses %s with 400', async (query, field, message) => {
      const answer = await page(query);
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields?.[field]).toBe(message);
    });
  });
});
