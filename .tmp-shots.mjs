import { chromium } from '@playwright/test';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const base = 'http://127.0.0.1:3000';
const pages = process.argv.slice(2);
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
  for (const [i, path] of pages.entries()) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/shots/${i}-${width}.png`, fullPage: false });
    if (width === 1280) {
      await page.evaluate(() => window.scrollTo(0, 500));
      await page.screenshot({ path: `/tmp/shots/${i}-${width}-b.png` });
    }
  }
}
await browser.close();
