import { MESSAGES } from '#shared/messages.ts';
import { signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';

/**
 * With JavaScript off, the server-rendered login, sign-up and newsletter forms are POSTs the server
 * answers (R-AUTH): they sign in, show refusals on the page again, and put nothing typed in an address.
 */
test.use({ javaScriptEnabled: false });

/** Every address the browser asked for, to look for typed values in. */
function recordAddresses(page: Page): string[] {
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  return addresses;
}

const sessionEmail = async (page: Page) =>
  ((await (await page.request.get('/api/auth/get-session')).json()) as { user?: { email: string } } | null)?.user?.email;

test('without JavaScript, login signs in and goes home; nothing typed is in an address', async ({ page, server }) => {
  const customer = await signUpCustomer(server);
  const addresses = recordAddresses(page);
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(customer.email);
  await page.getByRole('main').getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(`${server.url}/`);
  expect(await sessionEmail(page)).toBe(customer.email);
  expect(
    addresses.filter(
      (address) =>
        address.includes('secret123') || address.includes(encodeURIComponent(customer.email)) || address.includes(customer.email),
    ),
  ).toEqual([]);
});

test('without JavaScript, a wrong password shows the error in red and keeps the email, not the password', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server);
  const addresses = recordAddresses(page);
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(customer.email);
  await page.getByRole('main').getByLabel('Password').fill('wrong123');
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  expect((await answer).status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByRole('main').getByLabel('Password')).toHaveValue('');
  expect(await sessionEmail(page)).toBeUndefined();
  expect(addresses.filter((address) => address.includes('wrong123') || address.includes('@'))).toEqual([]);
});

test('without JavaScript, the shared rules answer a bad form field by field', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('main').getByLabel('Name').fill('Jane');
  await page.getByRole('main').getByLabel('Email').fill('jane@');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(page.getByText('please provide a valid email')).toBeVisible();
  await expect(page.getByText('Minimum six characters, at least one letter and one number')).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Name')).toHaveValue('Jane');
});

test('without JavaScript, sign-up signs in; a taken email says so without signing in', async ({ page, server }) => {
  const addresses = recordAddresses(page);
  const signUp = async (email: string, password: string) => {
    await page.goto('/signup');
    await page.getByRole('main').getByLabel('Name').fill('Jane Doe');
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('main').getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('main').getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  };

  await signUp('jane.noscript@example.com', 'secret123');
  await expect(page).toHaveURL(`${server.url}/`);
  expect(await sessionEmail(page)).toBe('jane.noscript@example.com');

  await page.context().clearCookies();
  await signUp('jane.noscript@example.com', 'other1234');
  await expect(page.getByRole('alert')).toContainText('We could not sign you in.');
  expect(await sessionEmail(page)).toBeUndefined();
  expect(addresses.filter((address) => /secret123|other1234|noscript/.test(address))).toEqual([]);
});

test('without JavaScript, the newsletter box is answered on its own page, and the address is in no URL', async ({ page }) => {
  const addresses = recordAddresses(page);
  await page.goto('/');
  const footerBox = page.getByRole('contentinfo').getByLabel('Your email address');
  await footerBox.fill('reader@');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
  await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();
  const box = page.getByRole('main').getByLabel('Your email address');
  await expect(page.getByRole('main').getByText('please provide a valid email')).toBeVisible();
  await expect(box).toHaveValue('reader@');
  await box.fill('reader@example.com');
  await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(MESSAGES.newsletterThanks);
  // One box on the page: the footer leaves it to the main part here.
  await expect(page.getByLabel('Your email address')).toHaveCount(1);
  expect(addresses.filter((address) => /reader|@/.test(decodeURIComponent(address)))).toEqual([]);
});
