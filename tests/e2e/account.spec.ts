import { eq } from 'drizzle-orm';
import { mailOutbox } from '#server/db/schema.ts';
import { MESSAGES } from '#shared/messages.ts';
import { addProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { call, signIn, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { TEST_ADMIN, type TestServer } from '../helpers/test-server.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** From the login page, with the email typed there first: it goes along to the forgot-password page. */
async function askForResetLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const form = page.getByRole('main');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await form.getByRole('button', { name: 'Send the link' }).click();
  await expect(form.getByRole('status')).toHaveText(MESSAGES.resetLinkSent);
}

/** An admin, in a browser of their own, reads the newest reset mail to `email` in Dashboard → Mailbox and answers its link. */
async function resetLinkFromMailbox(page: Page, server: TestServer, email: string): Promise<string> {
  const adminPage = await page.context().browser()?.newPage({ baseURL: server.url, javaScriptEnabled: true });
  if (!adminPage) throw new Error('no second page');
  await signInBrowser(adminPage, server, await signInAdmin(server));
  await adminPage.goto('/dashboard');
  await adminPage.getByRole('link', { name: 'Mailbox' }).click();
  await expect(adminPage).toHaveURL(/\/dashboard\/mailbox$/);
  const mail = adminPage
    .getByRole('listitem')
    .filter({ hasText: 'Reset your password — SwiftCargo' })
    .filter({ hasText: `To: ${email}` })
    .first();
  await expect(mail).toBeVisible({ timeout: 10_000 });
  await mail.getByRole('button', { name: 'Read' }).click();
  await expect(mail.frameLocator('iframe').getByRole('link', { name: 'Choose a new password' })).toBeVisible();
  await mail.getByRole('button', { name: 'Plain text' }).click();
  const text = await mail.locator('pre').textContent();
  await adminPage.close();
  const link = /http\S+\/reset-password\?token=\S+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no reset link in: ${text}`);
  return link;
}

test('Forgot password: the same answer for any email; the mailed link (read in the Mailbox) sets a new password once', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server, { password: 'oldpass1' });
  await askForResetLink(page, 'nobody-at-all@example.com');
  await askForResetLink(page, customer.email);
  const link = await resetLinkFromMailbox(page, server, customer.email);
  expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('letters');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(MESSAGES.passwordWeak)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('newpass2');
  await page.getByLabel('Confirm password').fill('newpass3');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(MESSAGES.passwordsDiffer)).toBeVisible();
  await page.getByLabel('Confirm password').fill('newpass2');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(MESSAGES.passwordReset)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, customer.email, 'oldpass1');
  // The sign-in form's own red message (the reset's toast may still be on screen beside it).
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, customer.email, 'newpass2');
  await expect(page).not.toHaveURL(/\/login$/);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('thirdpass3');
  await page.getByLabel('Confirm password').fill('thirdpass3');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetLinkInvalid);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('Forgot password and the mailed link are forms the server answers; no email or password is in an address', async ({
    page,
    server,
  }) => {
    const customer = await signUpCustomer(server, { password: 'oldpass1' });
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('main').getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('main').getByText('please provide a valid email')).toBeVisible();
    await page.getByRole('main').getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(MESSAGES.resetLinkSent);

    const link = await resetLinkFromMailbox(page, server, customer.email);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('newpass2');
    await page.getByLabel('Confirm password').fill('newpass3');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText(MESSAGES.passwordsDiffer)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('newpass2');
    await page.getByLabel('Confirm password').fill('newpass2');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(MESSAGES.passwordReset);

    await page.getByRole('link', { name: 'Back to login' }).click();
    await fillLogin(page, customer.email, 'newpass2');
    await expect(page).toHaveURL(`${server.url}/`);
    expect(addresses.filter((address) => /newpass|oldpass|@/.test(decodeURIComponent(address)))).toEqual([]);
  });
});

test('Settings from the navbar: a new name, and a new password that signs out the other sessions', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { name: 'First Name', password: 'before123' });
  const otherDevice = await signIn(server, customer.email, 'before123');
  await signInBrowser(page, server, customer);
  await page.goto('/');
  await page.getByRole('button', { name: `Account menu for ${customer.email}` }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const name = page.getByRole('form', { name: 'Your name' });
  await expect(name.getByLabel('Name')).toHaveValue('First Name');
  await name.getByLabel('Name').fill('');
  await name.getByRole('button', { name: 'Save the name' }).click();
  await expect(name.getByText(MESSAGES.nameRequired)).toBeVisible();
  await name.getByLabel('Name').fill('Second Name');
  await name.getByRole('button', { name: 'Save the name' }).click();
  await expect(page.getByText(MESSAGES.nameSaved)).toBeVisible();
  const session = await call(server, 'GET', '/api/auth/get-session', { cookie: otherDevice.cookie });
  expect(session.body.user.name).toBe('Second Name');

  const password = page.getByRole('form', { name: 'Your password' });
  await password.getByLabel('Current password').fill('wrong1234');
  await password.getByLabel('New password', { exact: true }).fill('after1234');
  await password.getByLabel('Confirm password').fill('after1234');
  await password.getByRole('button', { name: 'Change the password' }).click();
  await expect(password.getByRole('alert')).toHaveText(MESSAGES.currentPasswordWrong);
  await password.getByLabel('Current password').fill('before123');
  await password.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByText(MESSAGES.passwordChanged)).toBeVisible();

  expect((await call(server, 'GET', '/api/auth/get-session', { cookie: otherDevice.cookie })).body).toBeNull();
  const old = await call(server, 'POST', '/api/auth/sign-in/email', { body: { email: customer.email, password: 'before123' } });
  expect(old.status).toBe(401);
  await signIn(server, customer.email, 'after1234');
  // This browser stays signed in: only the other sessions end.
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
});

test('Settings: delete my account after typing its email; its unpaid order gives its stock back', async ({ page, server }) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, {
    availableQuantity: 10,
    picture: `${server.url}/images/products/keyflow-mech.svg`,
  });
  const customer = await signUpCustomer(server, { password: 'leaving123' });
  expect((await placeOrder(server, customer, product._id, 4)).status).toBe(201);
  await signInBrowser(page, server, customer);
  await page.goto('/settings');

  const deletion = page.getByRole('form', { name: 'Delete my account' });
  await deletion.getByLabel('Type your email to confirm').fill('someone-else@example.com');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByText(MESSAGES.deletionEmailMismatch)).toBeVisible();
  expect(await stockOf(server, product._id)).toBe(6);

  await deletion.getByLabel('Type your email to confirm').fill(customer.email);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(MESSAGES.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await stockOf(server, product._id)).toBe(10);
  const refused = await call(server, 'POST', '/api/auth/sign-in/email', {
    body: { email: customer.email, password: 'leaving123' },
  });
  expect(refused.status).toBe(401);
});

test('Settings: the last admin is told why their account stays', async ({ page, server }) => {
  await signInBrowser(page, server, await signInAdmin(server));
  await page.goto('/settings');
  const deletion = page.getByRole('form', { name: 'Delete my account' });
  await deletion.getByLabel('Type your email to confirm').fill(TEST_ADMIN.email);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByRole('alert')).toHaveText(MESSAGES.lastAdminSelfDeletion);
  await expect(page).toHaveURL(/\/settings$/);
});

test.describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
  test.use({ serverOptions: { seed: true, env: { REQUIRE_EMAIL_VERIFICATION: 'true' } } });

  test('the purchase page says why a new customer cannot order yet, resends the link, and Buy Now works once it is followed', async ({
    page,
    server,
  }) => {
    const admin = await signInAdmin(server);
    const product = await addProduct(server, admin, {
      minQuantity: 1,
      picture: `${server.url}/images/products/keyflow-mech.svg`,
    });
    const customer = await signUpCustomer(server);
    await signInBrowser(page, server, customer);
    await page.goto(`/purchase/${product._id}`);

    const notice = page.getByRole('alert').filter({ hasText: MESSAGES.verifyEmailFirst });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await expect(notice.getByRole('status')).toHaveText(MESSAGES.verificationSent);
    const mails = await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, customer.email));
    const tokens = mails
      .filter((mail) => mail.kind === 'email-verification')
      .map((mail) => (mail.data as { token: string }).token);
    expect(tokens).toHaveLength(2);

    await page.goto(`/api/auth/verify-email?token=${encodeURIComponent(tokens[1] ?? '')}&callbackURL=%2F`);
    await expect(page).toHaveURL(`${server.url}/`);
    await page.goto(`/purchase/${product._id}`);
    // A new customer's profile has no address yet: Buy Now asks where to deliver (R-ORDER-ADDRESS).
    const delivery = page.getByRole('group', { name: 'Delivery details' });
    await delivery.getByLabel('Address').fill('7 Quay Street, Chattogram');
    await delivery.getByLabel('Phone').fill('+880 1711 000000');
    await page.getByLabel('Quantity').fill('1');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.locator('.Toastify').getByText(MESSAGES.orderCreated)).toBeVisible();
    await expect(notice).toBeHidden();
  });
});
