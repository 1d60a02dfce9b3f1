import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Lets entrance animations (fades, zooms) end, so axe measures the colours the user ends up seeing. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * A readable summary of every axe violation, whatever its impact, on the page as it is now; with
 * `within` (a CSS selector), only in that part of it: an open modal dialog, whose page behind is
 * inert and dimmed (axe would measure the dimmed text's contrast).
 */
export async function allViolations(page: Page, within?: string): Promise<string[]> {
  return (await analyze(page, within)).map(summary);
}

/** The same, of the serious and critical violations only. */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  return (await analyze(page, within))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(summary);
}

async function analyze(page: Page, within?: string) {
  await settle(page);
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  return (await builder.analyze()).violations;
}

function summary(violation: Awaited<ReturnType<typeof analyze>>[number]): string {
  return `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`;
}
