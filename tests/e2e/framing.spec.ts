import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signInAdmin } from '../helpers/shop-client.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** Another origin on this machine (a real loopback server, so the browser lets it reach the shop at all). */
async function startAttacker(body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let attacker: { url: string; server: Server };

test.use({
  allowedOrigins: async ({ server }, use) => {
    attacker = await startAttacker(
      `<title>waiting</title><iframe src="${server.url}/dashboard/makeAdmin" onload="document.title = 'framed'"></iframe>`,
    );
    await use([attacker.url]);
    attacker.server.close();
  },
});

test('a page on another origin cannot frame the signed-in admin’s Make Admin page (R-HEADERS)', async ({ page, server }) => {
  await signInBrowser(page, server, await signInAdmin(server));
  await page.goto('/dashboard/makeAdmin');
  await expect(page.getByRole('heading', { name: 'Make Admin' })).toBeVisible();

  await page.goto(attacker.url);
  await expect(page).toHaveTitle('framed');
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame).toBeDefined();
  // Refused by the browser: the shop's page (its #root) never loads inside the frame.
  await expect(frame?.locator('#root') ?? page.locator('#never')).toHaveCount(0);
});
