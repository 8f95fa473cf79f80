import type { Page } from '@playwright/test';
import type { SignedInCustomer } from '../helpers/shop-client.ts';
import type { TestServer } from '../helpers/test-server.ts';

/**
 * Signs the browser in as someone signed up or in through the API: their session cookie in the
 * context and their access token in localStorage, as the web app keeps it after a sign-in.
 */
export async function signInBrowser(page: Page, server: TestServer, who: SignedInCustomer): Promise<void> {
  const cookies = who.cookie
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const split = pair.indexOf('=');
      return { name: pair.slice(0, split), value: pair.slice(split + 1), url: server.url };
    });
  await page.context().addCookies(cookies);
  // Only the latest sign-in may put its token in: an earlier one's session may have ended since, and its token with it.
  await earlierSignIn.get(page)?.dispose();
  earlierSignIn.set(
    page,
    await page.addInitScript((token) => {
      if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', token);
    }, who.token),
  );
}

const earlierSignIn = new WeakMap<Page, { dispose(): Promise<void> }>();
