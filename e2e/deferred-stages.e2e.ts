import { describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { visible } from './support/ui';

/*
 * What is below the first screen renders after the first paint, one stage at a time
 * (src/client/components/layout/after-first-paint.tsx): the landing's "how it works" band, then
 * its stats band, then the footer, each inserted by a commit (a task) of its own, so that no one
 * task inserts all three.
 */
describe('the landing’s lower parts arrive one after the other', () => {
  it('inserts the how-it-works band, the stats band and the footer in three separate tasks, in that order', async () => {
    const { page } = await openBrowser({ width: 375, height: 812 });
    await page.addInitScript(() => {
      const seen: Array<{ part: string; batch: number }> = [];
      (window as unknown as { e2eInserted: typeof seen }).e2eInserted = seen;
      let batch = 0;
      const parts: Array<[string, string]> = [
        ['how', 'section[aria-labelledby="how-it-works-heading"]'],
        ['stats', 'section[aria-labelledby="stats-heading"]'],
        ['footer', 'footer'],
      ];
      new MutationObserver((records) => {
        batch += 1;
        for (const record of records)
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue;
            for (const [part, selector] of parts)
              if (
                (node.matches(selector) || node.querySelector(selector)) &&
                !seen.some((entry) => entry.part === part)
              )
                seen.push({ part, batch });
          }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await visible(page.locator('footer'));
    await visible(page.locator('section[aria-labelledby="stats-heading"]'));
    const inserted = await page.evaluate(
      () => (window as unknown as { e2eInserted: Array<{ part: string; batch: number }> }).e2eInserted,
    );
    expect(inserted.map((entry) => entry.part)).toEqual(['how', 'stats', 'footer']);
    const batches = new Set(inserted.map((entry) => entry.batch));
    expect(batches.size).toBe(3);
  });
});
