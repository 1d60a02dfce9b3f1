import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { expectPath, hidden, visible } from './support/ui';

async function selectTab(page: Page, label: string): Promise<Locator> {
  const tab = page.getByRole('tab', { name: label });
  expect((await tab.innerText()).trim()).toBe(label);
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  const panelId = await tab.getAttribute('aria-controls');
  expect(panelId).toBeTruthy();
  const panel = page.locator(`[id="${panelId}"]`);
  await visible(panel);
  expect(await page.getByRole('tabpanel').count()).toBe(1);
  return panel;
}

/** The headings of the cards in a tab panel, in order. */
function cardTitles(panel: Locator): Promise<string[]> {
  return panel.getByRole('heading', { level: 3 }).allInnerTexts();
}

/** The How It Works page, for a visitor. */
describe('How It Works', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openBrowser());
  });

  it('the hero shows its three badges', async () => {
    await page.goto('/how-it-works');
    await visible(page.getByRole('heading', { level: 1, name: 'How Threadswap Works' }));
    const highlights = page.getByRole('list', { name: 'Highlights' });
    await visible(highlights);
    expect((await highlights.getByRole('listitem').allInnerTexts()).map((text) => text.trim())).toEqual([
      'No Money Required',
      'AI-Powered Matching',
      'Safe & Secure',
    ]);
  });

  it('Getting Started is open first and lists the six steps', async () => {
    const tab = page.getByRole('tab', { name: 'Getting Started' });
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    const panel = await selectTab(page, 'Getting Started');
    expect(await cardTitles(panel)).toEqual([
      'Sign Up & Create Your Profile',
      'List Your Items',
      'Discover & Browse',
      'Make Barter Offers',
      'Negotiate & Chat',
      'Complete Your Trade',
    ]);
    for (let step = 1; step <= 6; step += 1) {
      await visible(panel.getByText(`Step ${step}`, { exact: true }));
    }
    // Sign-up is by email and password (an external provider only where the server has one).
    await visible(panel.getByText(/with your email address and a password\. Add/));
  });

  it('Key Features shows the four features', async () => {
    const panel = await selectTab(page, 'Key Features');
    expect(await cardTitles(panel)).toEqual([
      'AI-Powered Matching',
      'Social Trading Network',
      'Value Estimation',
      'Safe Trading',
    ]);
  });

  it('Pro Tips covers photography, descriptions, trading and safety', async () => {
    const panel = await selectTab(page, 'Pro Tips');
    expect(await cardTitles(panel)).toEqual([
      'Photography Tips',
      'Writing Descriptions',
      'Trading Tips',
      'Safety Tips',
    ]);
  });

  it('the FAQ answers the six questions', async () => {
    const panel = await selectTab(page, 'FAQ');
    expect(await cardTitles(panel)).toEqual([
      'Is Threadswap really free?',
      'How does the AI matching work?',
      'Is it safe to meet strangers for trades?',
      "What if I'm not happy with a trade?",
      'How accurate are the price estimates?',
      'Can I trade multiple items at once?',
    ]);
    // docs/product.md § What Threadswap is: free, with no fees for listing or trading; before a trade
    // completes it can be cancelled, or disputed when what arrived is not as described.
    await visible(panel.getByText(/no fees for listing items or for trading/));
    await visible(panel.getByText(/open a dispute from the trade card/));
  });

  it("the closing 'Sign Up Now' opens the sign-up dialog for a visitor", async () => {
    const signUp = page.getByRole('button', { name: 'Sign Up Now' });
    await signUp.scrollIntoViewIfNeeded();
    await visible(signUp);
    expect((await signUp.innerText()).trim()).toBe('Sign Up Now');
    await signUp.click();
    const dialog = page.getByRole('dialog', { name: 'Join Threadswap' });
    await visible(dialog);
    await expect
      .poll(() => dialog.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected'))
      .toBe('true');
    await visible(dialog.getByLabel('First name', { exact: true }));
    await expectPath(page, '/how-it-works');
    await page.keyboard.press('Escape');
    await hidden(dialog);
  });

  it("the closing 'Browse Items' goes to /browse", async () => {
    // The footer has its own 'Browse Items' link: this one is the page's closing call to action.
    const browse = page.getByRole('main').getByRole('link', { name: 'Browse Items', exact: true });
    expect((await browse.innerText()).trim()).toBe('Browse Items');
    await browse.click();
    await expectPath(page, '/browse');
    await visible(page.getByRole('heading', { level: 1, name: 'Browse & Barter' }));
  });
});
