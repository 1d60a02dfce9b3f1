import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allViolations } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import {
  type ApiItem,
  choose,
  gone,
  listItemViaApi,
  registerMember,
  shown,
  skipOnboarding,
  uniqueWord,
} from './support/journeys';
import { grantRole } from './support/grant-role';
import { type RunningServer, startServer } from './support/server';

/**
 * Moderation actions from report to appeal, as the people involved see them. A member reports a
 * listing; a moderator suspends its owner and removes it from the queue's dialogs (reason and note);
 * the owner's sign-in is refused with that reason, they appeal from the refusal, the moderator
 * grants the appeal, and the owner signs in again and reads why the listing went. The moderator
 * role is granted the only way there is (the app stopped, `npm run moderator -- grant`), so this
 * journey runs an app of its own. axe checks the moderation page's tabs and dialogs at 375 and
 * 1280 px.
 */

const PASSWORD = 'swap-secret-1';
const WIDTHS = [375, 1280] as const;

/** axe at both widths on what `page` shows now (`within`: an open dialog), back at 1280 px after. */
async function axeAtBothWidths(page: Page, within?: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await allViolations(page, within), `${within ?? 'page'} at ${width} px`).toEqual([]);
    // Nothing wider than the screen: no sideways scrolling at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

/** Fills in the sign-in dialog opened from the sign-in page and submits it. */
async function submitSignIn(page: Page, email: string): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  return dialog;
}

describe('a moderator removes a reported listing, suspends its owner, and grants the appeal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-moderation-actions-'));
  let server: RunningServer;
  let moderator: Page;
  let owner: Page;
  let reporter: Page;
  const moderatorEmail = uniqueEmail('mia');

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, DEMO: 'off' });
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        firstName: 'Mia',
        lastName: 'Moderator',
        email: moderatorEmail,
        password: PASSWORD,
      }),
    });
    expect(registered.status, await registered.text()).toBe(201);
    await server.stop();
    expect(await grantRole(dataDir, moderatorEmail, 'moderator')).toContain('is now a moderator');
    server = await startServer({ DATA_DIR: dataDir, DEMO: 'off' });

    const [m, o, r] = await Promise.all([
      openBrowser({ width: 1280, height: 800 }, server.url),
      openBrowser({ width: 375, height: 800 }, server.url),
      openBrowser({ width: 1280, height: 800 }, server.url),
    ]);
    [moderator, owner, reporter] = [m.page, o.page, r.page];
    const login = await moderator.request.post('/api/auth/login', {
      data: { email: moderatorEmail, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    await skipOnboarding(moderator);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('from report to appeal; the moderation page and its dialogs pass axe at 375 and 1280 px', async () => {
    const olive = await registerMember(owner, 'Olive', 'Owens');
    await registerMember(reporter, 'Rita', 'Reyes');
    const title = `${uniqueWord()} Designer Handbag`;
    const item: ApiItem = await listItemViaApi(owner, {
      title,
      category: 'accessories',
      estimatedValue: 4000,
    });

    // Rita reports the listing from its detail view.
    await reporter.goto(`/browse?highlight=${item.id}`);
    await reporter.getByRole('button', { name: 'Report this item' }).click();
    const report = reporter.getByRole('dialog', { name: `Report “${title}”` });
    await choose(reporter, report.getByRole('combobox', { name: 'Reason' }), 'Counterfeit item');
    await report.getByLabel(/Details/).fill('The logo is printed, not stitched.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await shown(reporter.getByText('Report sent').first());

    // Mia finds it in the queue, grouped under the listing, with the report's reason and details.
    await moderator.goto('/moderation');
    await moderator.getByRole('tab', { name: 'Queue' }).click();
    const card = moderator
      .getByRole('list', { name: 'Reported listings and members' })
      .getByRole('listitem')
      .filter({ has: moderator.getByRole('heading', { name: title }) });
    await shown(card);
    await shown(card.getByText('The logo is printed, not stitched.'));
    await shown(card.getByText('Listed by Olive'));
    await axeAtBothWidths(moderator);

    // She suspends Olive (until lifted) with a reason and a note; the dialog passes axe at both widths.
    await card.getByRole('button', { name: 'Suspend member' }).click();
    const suspend = moderator.getByRole('dialog', { name: 'Suspend this member?' });
    await shown(suspend);
    await axeAtBothWidths(moderator, '[role="dialog"]');
    await choose(moderator, suspend.getByRole('combobox', { name: 'Reason' }), 'Counterfeit item');
    await suspend.getByLabel('Note for the member (optional)').fill('Listing counterfeit designer goods.');
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await gone(suspend);
    await shown(card.getByText('Suspended', { exact: true }));

    // Then removes the listing; its reports are settled, and the queue is empty.
    await card.getByRole('button', { name: 'Remove listing' }).click();
    const remove = moderator.getByRole('dialog', { name: 'Remove this listing?' });
    await shown(remove);
    await axeAtBothWidths(moderator, '[role="dialog"]');
    await choose(moderator, remove.getByRole('combobox', { name: 'Reason' }), 'Counterfeit item');
    await remove.getByLabel('Note for the member (optional)').fill('The brand confirmed it is not theirs.');
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await gone(remove);
    await shown(moderator.getByText('Nothing to review'));
    await axeAtBothWidths(moderator);

    // Olive was signed out everywhere. Her sign-in is refused with the reason, and she appeals.
    await owner.goto('/profile');
    await owner.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    const signIn = await submitSignIn(owner, olive.email);
    const refusal = signIn.getByRole('alert');
    await shown(refusal.getByText('Your account is suspended'));
    await shown(refusal.getByText('Reason: Counterfeit item. Until the moderators lift it.'));
    await shown(refusal.getByText('Listing counterfeit designer goods.'));
    expect(await allViolations(owner, '[role="dialog"]')).toEqual([]);
    await signIn
      .getByLabel('Tell the moderators why this is a mistake')
      .fill('It is genuine: I have the receipt.');
    await signIn.getByRole('button', { name: 'Send appeal' }).click();
    await shown(signIn.getByText('Your appeal was sent. The moderators will review it.'));

    // Mia reads the appeal and grants it: the suspension ends.
    await moderator.getByRole('tab', { name: 'Appeals' }).click();
    const appeal = moderator
      .getByRole('list', { name: 'Open appeals' })
      .getByRole('listitem')
      .filter({ hasText: 'Appeal of Olive' });
    await shown(appeal.getByText('It is genuine: I have the receipt.'));
    await shown(appeal.getByText('Counterfeit item — Listing counterfeit designer goods.'));
    await axeAtBothWidths(moderator);
    await appeal.getByRole('button', { name: 'Grant appeal' }).click();
    await shown(moderator.getByText('No open appeals'));
    await axeAtBothWidths(moderator);

    // Olive goes back to the sign-in form and is let in; My Items says why the listing went.
    await signIn.getByRole('button', { name: 'Back to sign in' }).click();
    await submitSignIn(owner, olive.email);
    await gone(owner.getByRole('dialog'));
    await owner.goto('/profile');
    const moderated = owner.getByRole('region', { name: 'Taken out of the marketplace by moderators' });
    await shown(moderated.getByText('Removed by moderators: Counterfeit item'));
    await shown(moderated.getByText('The brand confirmed it is not theirs.'));
    await shown(moderated.getByRole('button', { name: 'Appeal' }));
  });
});
