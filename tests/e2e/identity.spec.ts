import { MESSAGES } from '#shared/messages.ts';
import { expiredAccessToken } from '../helpers/expired-token.ts';
import { GOOGLE_TEST_CLIENT, type OidcIssuer, startOidcIssuer } from '../helpers/oidc-issuer.ts';
import { call, signUpCustomer } from '../helpers/shop-client.ts';
import { freePort, startTestServer, TEST_ADMIN } from '../helpers/test-server.ts';
import { expect, type Page, test } from './fixtures.ts';

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
}

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

test('sign-up from a protected page returns there, signed in with an access token', async ({ page }) => {
  await page.goto('/dashboard/review');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.emailRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordRequired)).toBeVisible();

  await page.getByRole('main').getByLabel('Name').fill('Farhana Akter');
  await page.getByRole('main').getByLabel('Email').fill('farhana@example');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordWeak)).toBeVisible();

  await page.getByRole('main').getByLabel('Email').fill('farhana@example.com');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('cargo2026');
  await page.getByRole('main').getByLabel('Confirm password').fill('cargo2062');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText(MESSAGES.passwordsDiffer)).toBeVisible();
  // Show lets the customer read the password they chose, and hides it again.
  const show = page.getByRole('button', { name: 'Show password' });
  await show.click();
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('main').getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await show.press('Enter');
  await expect(page.getByRole('main').getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('main').getByLabel('Confirm password').fill('cargo2026');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/review$/);
  await expect(page.getByRole('heading', { name: MESSAGES.dashboardHeading })).toBeVisible();
  expect(await accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(page.getByTestId('avatar-initials')).toHaveText('fa');
});

test('sign-up with an email that has an account says to log in, and signs nobody in (decision 44)', async ({ page, server }) => {
  const owner = await signUpCustomer(server, { password: 'owner123' });
  await page.goto('/signup');
  await page.getByRole('main').getByLabel('Name').fill('Someone Else');
  await page.getByRole('main').getByLabel('Email').fill(owner.email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('guess1234');
  await page.getByRole('main').getByLabel('Confirm password').fill('guess1234');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.signUpNotSignedIn })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  expect(await accessToken(page)).toBeNull();
});

test('a wrong password shows the provider error in red and stays on login', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { password: 'right123' });
  await page.goto('/login');
  await fillLogin(page, customer.email, 'wrong123');
  const error = page.getByRole('alert').filter({ hasText: /invalid email or password/i });
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-error/);
  await expect(page).toHaveURL(/\/login$/);
  expect(await accessToken(page)).toBeNull();
});

test('a protected route sends a visitor to login and back after signing in; logout clears the token', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server, { password: 'right123' });
  await page.goto('/userProfile');
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, customer.email, 'right123');
  await expect(page).toHaveURL(/\/userProfile$/);
  expect(await accessToken(page)).not.toBeNull();

  await page.getByRole('button', { name: `Account menu for ${customer.email}` }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The address changes as the way to login starts; the token is forgotten once the login page is drawn.
  await expect.poll(() => accessToken(page)).toBeNull();
  await page.goto('/userProfile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a customer who opens one of the courier’s admin pages is told so and stays signed in', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { password: 'right123' });
  await signInThroughForm(page, customer.email, 'right123');
  // /dashboard/pickups is a letter away from their own /dashboard/pickup (issue 39 item 10); hub staff send riders to pickups (issue 43).
  for (const [staffPage, told] of [
    ['/dashboard/pickups', 'This page is for hub staff. Ask an admin to give your account the role it needs.'],
    ['/dashboard/merchants', 'This page is for the courier’s admins: your account cannot open it.'],
  ] as const) {
    await page.goto(staffPage);
    await expect(page.getByRole('alert')).toHaveText(told);
    await expect(page).toHaveURL(new RegExp(`${staffPage}$`));
    expect(await accessToken(page)).not.toBeNull();
  }
});

test('admin menu entries show only for an admin; an admin makes and removes an admin', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { password: 'right123' });
  await signInThroughForm(page, customer.email, 'right123');
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Add a Review' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);

  // A customer opening an admin page directly is signed out and sent to login.
  await page.goto('/dashboard/makeAdmin');
  await expect(page).toHaveURL(/\/login$/);
  // The address changes as the way to login starts; the token is forgotten once the login page is drawn.
  await expect.poll(() => accessToken(page)).toBeNull();

  await signInThroughForm(page, TEST_ADMIN.email, TEST_ADMIN.password);
  await page.goto('/dashboard');
  for (const entry of ['Manage Orders', 'Add Products', 'Make Admin', 'Manage Products']) {
    await expect(menu.getByRole('link', { name: entry })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Make Admin' }).click();
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText(MESSAGES.adminAdded)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Already Admin' })).toBeDisabled();
  const adminRow = page.getByRole('row').filter({ hasText: TEST_ADMIN.email });
  await expect(adminRow.getByRole('button', { name: 'Already Admin' })).toBeDisabled();

  await row.getByRole('button', { name: 'Remove Admin' }).click();
  await expect(page.getByText(MESSAGES.adminRemoved)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeEnabled();
});

test('a customer updates the profile: toast, form reset, saved values shown', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { name: 'Karim Uddin', password: 'right123' });
  await signInThroughForm(page, customer.email, 'right123');
  await page.goto('/userProfile');
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByRole('main').getByLabel('Email')).not.toBeEditable();
  await expect(page.getByRole('main').getByLabel('Name')).toHaveValue('Karim Uddin');

  await page.getByRole('main').getByLabel('Phone number').fill('phone');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('phone number must be 6 to 20 characters')).toBeVisible();

  await page.getByRole('main').getByLabel('Address').fill('House 7, Road 3, Banani, Dhaka');
  await page.getByRole('main').getByLabel('Phone number').fill('+880 1711-000000');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
  // The form goes back to the saved state, not blank (issue 26, R-PROFILE).
  await expect(page.getByRole('main').getByLabel('Address')).toHaveValue('House 7, Road 3, Banani, Dhaka');
  await expect(page.getByRole('main').getByLabel('Phone number')).toHaveValue('+880 1711-000000');
  const saved = await call(server, 'GET', `/api/userInfo/${customer.email}`, { token: customer.token });
  expect(saved.body).toMatchObject({ address: 'House 7, Road 3, Banani, Dhaka', phoneNumber: '+880 1711-000000' });
});

test('without Google configured, the button says so instead of failing', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Google sign-in is not set up on this server')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

const googleTest = test.extend<{ issuer: OidcIssuer; appPort: number }>({
  appPort: async ({}, use) => {
    await use(await freePort());
  },
  issuer: async ({ appPort }, use) => {
    const issuer = await startOidcIssuer(`http://127.0.0.1:${appPort}/api/auth/callback/google`);
    await use(issuer);
    await issuer.stop();
  },
  server: async ({ issuer, appPort }, use) => {
    const server = await startTestServer({
      env: {
        PORT: String(appPort),
        PUBLIC_URL: `http://127.0.0.1:${appPort}`,
        GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: GOOGLE_TEST_CLIENT.clientSecret,
        GOOGLE_ISSUER: issuer.url,
      },
    });
    await use(server);
    await server.stop();
  },
  allowedOrigins: async ({ issuer }, use) => {
    // The stand-in provider's own login page asks for a web font; it is not ours and is refused below.
    await use([issuer.url, 'https://fonts.googleapis.com/']);
  },
});

googleTest(
  'a first Google sign-in through the OpenID provider creates the account and returns to the origin',
  async ({ page, server }) => {
    await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
    await page.goto('/dashboard/orders');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    await page.locator('input[name="login"]').fill('grace.google@gmail.test');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    const consent = page.getByRole('button', { name: 'Continue' });
    if (await consent.isVisible({ timeout: 2000 }).catch(() => false)) await consent.click();

    await expect(page).toHaveURL(new RegExp(`^${server.url}/dashboard/orders$`));
    await expect(page.getByTestId('avatar-initials')).toHaveText('gr');
    await expect.poll(() => accessToken(page)).not.toBeNull();
    const users = await call<{ email: string }[]>(server, 'GET', '/api/user', {
      token: (await (await import('../helpers/shop-client.ts')).signInAdmin(server)).token,
    });
    expect(users.body.map((user) => user.email)).toContain('grace.google@gmail.test');
  },
);

test('an expired access token is renewed through the session without bothering the customer', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { password: 'right123' });
  await signInThroughForm(page, customer.email, 'right123');
  const expired = await expiredAccessToken(server, customer);
  await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);
  await page.goto('/userProfile');
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(customer.email);
  const renewed = await accessToken(page);
  expect(renewed).not.toBeNull();
  expect(renewed).not.toBe(expired);
});
