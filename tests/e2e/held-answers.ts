import type { Page } from '@playwright/test';

/**
 * Holds the server's answers to requests matching `url` until the returned function is called, so a
 * test can put what the page does meanwhile in a known order (the request itself leaves at once).
 */
export async function holdAnswers(page: Page, url: string): Promise<() => void> {
  let answer = () => {};
  const released = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return answer;
}
