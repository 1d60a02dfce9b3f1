import { describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { registerMember, shown, textOf } from './support/journeys';

/**
 * A new member's first moment: Start Trading leads to sign-up; then greeted as new ("Welcome, Nina!", not "Welcome back"), and never
 * shown a rating of 0.0 before anyone has rated them.
 */
describe('a new member', () => {
  it('Start Trading on the landing page opens sign-up', async () => {
    const { page } = await openBrowser({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Trading', exact: true }).click();
    await shown(page.getByRole('dialog').getByRole('heading', { name: 'Join Threadswap' }));
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('is welcomed, not welcomed back, and reads "New" where a rating would be', async () => {
    const { page } = await openBrowser({ width: 375, height: 800 });
    await registerMember(page, 'Nina', 'Park');
    await page.goto('/');
    const heading = page.locator('#welcome-heading');
    await shown(heading);
    expect(await textOf(heading)).toBe('Welcome, Nina!');

    await page.goto('/social');
    const stats = page.getByRole('region', { name: 'Your Social Trading Profile' });
    // Each figure is a term (its label) and its definition (the value) in one tile.
    const trust = stats
      .locator('dl > div')
      .filter({ has: page.getByRole('term').filter({ hasText: /^Trust Rating$/ }) })
      .getByRole('definition');
    await shown(trust);
    expect(await textOf(trust)).toBe('New member');
    expect(await textOf(stats)).not.toContain('/ 5');
  });
});
