import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';

/**
 * No serious or critical axe finding at a phone's, a tablet's and a desktop's width (with two rules axe
 * leaves off: a visible label inside the accessible name, and touch targets' size), and a full-page
 * screenshot at each width for a person to look at.
 */
export async function expectAxeCleanAtEveryWidth(page: Page, what: string) {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The dashboard's drawer fades in at desktop widths: axe reads colours once it has. An animation
    // cancelled meanwhile (a resize restarts a transition) rejects `finished`, and is over as well.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => animation))),
    );
    const { violations } = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } } })
      .analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      `${what} at ${width} px`,
    ).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${what.replaceAll(' ', '-')}-${width}.png`), fullPage: true });
  }
}
