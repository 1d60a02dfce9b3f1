import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import {
  type ApiItem,
  choose,
  expectToastFrom,
  getJson,
  listItemViaApi,
  registerMember,
  skipOnboarding,
  shown,
  uniqueWord,
  watchToasts,
} from './support/journeys';
import { grantRole } from './support/grant-role';
import { type RunningServer, startServer } from './support/server';

/**
 * A moderator settles a dispute. The moderator role is granted the only way there is: with the
 * app stopped, `npm run moderator -- grant <email>` on its database; so this journey runs an app
 * of its own on a data folder it keeps across the restart. Then two members trade, one confirms
 * receipt, the other disputes, and the moderator resolves it with a note both parties read on
 * their trade card. axe checks the lifecycle screens on the way: the claim-window card, the cancel
 * and dispute dialogs, and the moderation view with a dispute in it.
 */

const PASSWORD = 'swap-secret-1';

/** The environment of a process on the embedded database in `dataDir`, whatever the shell has set. */
/** `requester` offers `offered` for `wanted`, and `owner` accepts: the accepted trade's id. */
async function acceptedTrade(requester: Page, owner: Page, wanted: ApiItem, offered: ApiItem) {
  const created = await requester.request.post('/api/trade-requests', {
    data: { requestedItemId: wanted.id, offeredItemId: offered.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const accepted = await owner.request.patch(`/api/trade-requests/${id}`, { data: { status: 'accepted' } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return id;
}

async function noSeriousViolations(page: Page, within?: string) {
  expect(await seriousViolations(page, within)).toEqual([]);
}

describe('a moderator resolves a dispute', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-moderation-'));
  let server: RunningServer;
  let moderator: Page;
  let pageA: Page;
  let pageB: Page;
  const moderatorEmail = uniqueEmail('mia');

  beforeAll(async () => {
    // First start: Mia registers like anyone; registering grants nothing.
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

    const [m, a, b] = await Promise.all([
      openBrowser({ width: 1280, height: 900 }, server.url),
      openBrowser({ width: 375, height: 800 }, server.url),
      openBrowser({ width: 1280, height: 900 }, server.url),
    ]);
    [moderator, pageA, pageB] = [m.page, a.page, b.page];
    await Promise.all([watchToasts(m.context), watchToasts(a.context), watchToasts(b.context)]);
    const login = await moderator.request.post('/api/auth/login', {
      data: { email: moderatorEmail, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    // The moderator signed up like any member: their first-visit onboarding would cover the page.
    await skipOnboarding(moderator);
    await Promise.all([registerMember(pageA, 'Ava', 'Reyes'), registerMember(pageB, 'Ben', 'Owens')]);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the lifecycle screens pass axe; the moderator completes the disputed trade with a note', async () => {
    const word = uniqueWord();
    const wanted: ApiItem = await listItemViaApi(pageB, {
      title: `${word} Scarf`,
      category: 'accessories',
      estimatedValue: 3000,
    });
    const offered: ApiItem = await listItemViaApi(pageA, {
      title: `${word} Hat`,
      category: 'accessories',
      estimatedValue: 2900,
    });
    const tradeId = await acceptedTrade(pageA, pageB, wanted, offered);
    expect((await pageB.request.post(`/api/trade-requests/${tradeId}/sent`, { data: {} })).status()).toBe(
      200,
    );
    expect(
      (
        await pageA.request.post(`/api/trade-requests/${tradeId}/received`, { data: { asDescribed: true } })
      ).status(),
    ).toBe(200);
    // A second accepted trade, nobody's receipt confirmed yet: the one that can still be cancelled.
    const other = await acceptedTrade(
      pageA,
      pageB,
      await listItemViaApi(pageB, { title: `${word} Belt`, category: 'accessories', estimatedValue: 2000 }),
      await listItemViaApi(pageA, { title: `${word} Gloves`, category: 'accessories', estimatedValue: 2100 }),
    );

    // Ben's card shows the claim-window countdown; the card and both dialogs pass axe. (A trade
    // card has no accessible name: it is found by its test id.)
    await pageB.goto('/profile?tab=barters');
    await pageB.getByRole('tab', { name: /accepted/i }).click();
    const card = pageB.getByTestId(`trade-${tradeId}`);
    await shown(card.getByText(/ left to .* or open a dispute; then the trade completes\.$/));
    await noSeriousViolations(pageB);

    await pageB
      .getByTestId(`trade-${other}`)
      .getByRole('button', { name: 'Cancel trade', exact: true })
      .click();
    const cancelDialog = pageB.getByRole('dialog', { name: 'Cancel this trade?', exact: true });
    await shown(cancelDialog);
    await noSeriousViolations(pageB, '[role="dialog"]');
    await pageB.keyboard.press('Escape');
    await cancelDialog.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'Open a dispute', exact: true }).click();
    const disputeDialog = pageB.getByRole('dialog', { name: 'Open a dispute', exact: true });
    await shown(disputeDialog);
    await noSeriousViolations(pageB, '[role="dialog"]');
    await choose(
      pageB,
      disputeDialog.getByRole('combobox', { name: 'What went wrong?' }),
      'Not as described',
    );
    await disputeDialog.getByLabel('What happened', { exact: true }).fill('The hat is a different colour.');
    await expectToastFrom(
      pageB,
      () => disputeDialog.getByRole('button', { name: 'Open dispute', exact: true }).click(),
      'Dispute opened',
      'The trade is on hold. A moderator will decide, and Ava Reyes and you will see their note.',
    );
    await shown(pageB.getByText('You opened a dispute: not as described', { exact: true }));

    // Members other than moderators are refused the dispute list.
    expect((await pageA.request.get('/api/moderation/disputes')).status()).toBe(403);

    // Mia sees it in the moderation view and completes the trade with a note. (The dispute's card
    // has no accessible name either: it is found by its test id.)
    const [dispute] = (
      await getJson<Array<{ id: string; tradeId: string }>>(moderator, '/api/moderation/disputes?status=open')
    ).filter((entry) => entry.tradeId === tradeId);
    expect(dispute).toBeDefined();
    const disputeId = (dispute as { id: string }).id;
    await moderator.goto('/moderation');
    await moderator.getByRole('tab', { name: 'Disputes', exact: true }).click();
    const review = moderator.getByTestId(`dispute-${disputeId}`);
    await shown(review);
    await shown(review.getByText('The hat is a different colour.', { exact: true }));
    await noSeriousViolations(moderator);
    const note = 'The photos match the listing; the colour was described as "sand".';
    await review.getByLabel('Note to both members', { exact: true }).fill(note);
    await expectToastFrom(
      moderator,
      () => review.getByRole('button', { name: 'Complete the trade', exact: true }).click(),
      'Trade completed',
      'Both members were told.',
    );
    await shown(review.getByText(`Completed: ${note}`, { exact: true }));
    await noSeriousViolations(moderator);

    // Both parties read the decision on their card, under Completed.
    for (const page of [pageA, pageB]) {
      await page.goto('/profile?tab=barters');
      await page.getByRole('tab', { name: /completed/i }).click();
      await shown(page.getByText(`Moderator's decision: ${note}`, { exact: true }));
    }
    await noSeriousViolations(pageA);
    const [trade] = (
      await getJson<Array<{ id: string; status: string }>>(pageA, '/api/trade-requests')
    ).filter((entry) => entry.id === tradeId);
    expect(trade?.status).toBe('completed');
  }, 300_000);
});
