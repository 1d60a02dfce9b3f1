import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TradeRequest } from '../src/common/api/trades';
import { pdfText } from '../src/server/test-support/pdf-text';
import { seriousViolations, settle } from './support/axe';
import { openBrowser } from './support/browser';
import {
  choose,
  eventually,
  getJson,
  listItemViaApi,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';

/** The page passes axe at 375 and 1280 px (within `within` when given). */
async function axeAtBothWidths(page: Page, within?: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    expect(await seriousViolations(page, within)).toEqual([]);
    // With E2E_SCREENSHOTS set to a folder, each check also saves a screenshot there to look at.
    const folder = process.env.E2E_SCREENSHOTS;
    if (folder) {
      const name = (within ?? 'page').replace(/[^a-z0-9-]+/gi, '').slice(0, 40);
      await page.screenshot({ path: `${folder}/post-${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Fills the shipping address form inside `scope` and picks the country by its name. */
async function fillAddress(
  page: Page,
  scope: Locator,
  address: { name: string; line1: string; postcode: string; city: string; country: string },
) {
  const form = scope.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Full name', { exact: true }).fill(address.name);
  await form.getByLabel('Address', { exact: true }).fill(address.line1);
  await form.getByLabel('Postcode', { exact: true }).fill(address.postcode);
  await form.getByLabel('Town or city', { exact: true }).fill(address.city);
  await choose(page, form.getByRole('combobox', { name: 'Country' }), address.country);
}

/** Opens the Accepted tab of Profile → Barters. */
async function openAcceptedTab(page: Page) {
  await page.getByRole('tab', { name: /^Accepted \(/ }).click();
}

/**
 * Two members far apart (Paris and Leeds) swap by post: no address shows before the swap is
 * accepted; accepting asks Ben for his; then each sees the other's, downloads a packing slip that
 * names the recipient's postcode, and adds tracking checked against the carrier's format.
 */
describe('a swap by post between two members far apart', () => {
  let ava: Page;
  let ben: Page;
  let tradeId: string;
  const trade = (page: Page) => getJson<TradeRequest>(page, `/api/trade-requests/${tradeId}`);
  // A trade card has no name of its own: it keeps its test id.
  const tradeCard = (page: Page) => page.getByTestId(`trade-${tradeId}`);
  /** The card's postage section, named 'Send to …' (or 'Coming to you from …' for a receiver only). */
  const postage = (page: Page) =>
    tradeCard(page).getByRole('region', { name: /^(Send to|Coming to you from) / });

  beforeAll(async () => {
    ava = (await openBrowser()).page;
    ben = (await openBrowser()).page;
    await Promise.all([registerMember(ava, 'Ava', 'Moreau'), registerMember(ben, 'Ben', 'Hughes')]);
    const [wanted, offered] = await Promise.all([
      listItemViaApi(ben, {
        title: `${uniqueWord('Pe')} wax jacket`,
        category: 'clothing',
        estimatedValue: 9000,
      }),
      listItemViaApi(ava, {
        title: `${uniqueWord('Pe')} linen shirt`,
        category: 'clothing',
        estimatedValue: 8800,
      }),
    ]);
    const created = await ava.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    tradeId = ((await created.json()) as TradeRequest).id;
  });

  it('Ava keeps her address in her account settings', async () => {
    await ava.goto('/profile?tab=preferences');
    const card = ava.getByRole('region', { name: 'Shipping address' });
    await shown(card);
    await fillAddress(ava, card, {
      name: 'Ava Moreau',
      line1: '12 rue des Lilas',
      postcode: '75011',
      city: 'Paris',
      country: 'France',
    });
    await card.getByRole('button', { name: 'Save address' }).click();
    await eventually(
      async () =>
        (await getJson<{ address: { postcode: string } | null }>(ava, '/api/users/address')).address
          ?.postcode,
      '75011',
    );
    await axeAtBothWidths(ava, '[data-testid="card-address"]');
  });

  it('no address is visible to either party before acceptance', async () => {
    for (const page of [ava, ben]) {
      const seen = await trade(page);
      expect(seen.status).toBe('pending');
      expect(seen.recipientAddress).toBeNull();
      expect(JSON.stringify(seen)).not.toContain('75011');
      expect((await page.request.get(`/api/trade-requests/${tradeId}/packing-slip`)).status()).toBe(409);
    }
    await ben.goto('/profile?tab=barters');
    await shown(tradeCard(ben));
    expect(await postage(ben).count()).toBe(0);
  });

  it('Ben accepts and is asked for his address, which only Ava then sees', async () => {
    await tradeCard(ben).getByRole('button', { name: 'Accept Barter' }).click();
    await ben
      .getByRole('dialog', { name: /^Accept the swap with / })
      .getByRole('button', { name: 'Accept the swap', exact: true })
      .click();
    // Accepting opens the trade's page, which asks a member without an address for one.
    await eventually(() => new URL(ben.url()).pathname, `/trades/${tradeId}`);
    await ben.getByRole('button', { name: 'Add my address' }).click();
    const dialog = ben.getByRole('dialog', { name: 'Where should your item be sent?' });
    await shown(dialog);
    await fillAddress(ben, dialog, {
      name: 'Ben Hughes',
      line1: '4 Park Row',
      postcode: 'LS1 5HD',
      city: 'Leeds',
      country: 'United Kingdom',
    });
    await axeAtBothWidths(ben, '[data-testid="dialog-address"]');
    await dialog.getByRole('button', { name: 'Save and share with this swap' }).click();
    await eventually(async () => (await dialog.count()) === 0 || !(await dialog.isVisible()), true);

    expect((await trade(ava)).recipientAddress?.postcode).toBe('LS1 5HD');
    expect((await trade(ben)).recipientAddress?.postcode).toBe('75011');

    await ben.goto('/profile?tab=barters');
    await openAcceptedTab(ben);
    await shown(postage(ben).getByText('75011 Paris', { exact: true }));

    await ava.goto('/profile?tab=barters');
    await openAcceptedTab(ava);
    await shown(postage(ava).getByText('LS1 5HD Leeds', { exact: true }));
    await axeAtBothWidths(ava, `[data-testid="trade-${tradeId}"]`);
  }, 180_000);

  it('each downloads a packing slip naming the recipient’s postcode', async () => {
    for (const [page, postcode] of [
      [ava, 'LS1 5HD'],
      [ben, '75011'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        postage(page).getByRole('link', { name: 'Packing slip (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^threadswap-packing-slip-T-[0-9A-F]{8}\.pdf$/);
      const text = await pdfText(await readFile((await download.path()) as string));
      expect(text).toContain(postcode);
      expect(text).toContain(`/trades/${tradeId}`);
    }
  });

  it('Ava adds tracking: carriers of France, the number checked against the carrier', async () => {
    const section = postage(ava);
    await section.getByRole('button', { name: 'Add tracking' }).click();
    const dialog = ava.getByRole('dialog', { name: 'Add tracking' });
    const number = dialog.getByLabel('Tracking number');
    const save = dialog.getByRole('button', { name: 'Save tracking' });
    await shown(dialog);
    await choose(ava, dialog.getByRole('combobox', { name: 'Carrier' }), 'La Poste / Colissimo');
    await number.fill('ABCD 1234');
    await save.click();
    await shown(dialog.getByRole('alert'));
    expect(await textOf(dialog.getByRole('alert'))).toContain('not a La Poste / Colissimo tracking number');
    await number.fill('6A 1234 5678 901');
    await axeAtBothWidths(ava, '[data-testid="dialog-tracking"]');
    await save.click();
    // Each parcel is a line of the 'Shipping' list; the member's own reads 'You: …'.
    const shipping = section.getByRole('list', { name: 'Shipping' });
    await eventually(
      () => textOf(shipping.getByRole('listitem').filter({ hasText: /^You:/ })),
      'You: shipped with La Poste / Colissimo · 6A 1234 5678 901 (track on La Poste / Colissimo, opens in a new tab)',
    );

    await ben.reload();
    await openAcceptedTab(ben);
    const theirs = postage(ben)
      .getByRole('list', { name: 'Shipping' })
      .getByRole('listitem')
      .filter({ hasNotText: /^You:/ });
    await shown(theirs);
    expect(await theirs.getByRole('link').getAttribute('href')).toBe(
      'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901',
    );
    await axeAtBothWidths(ben, `[data-testid="trade-${tradeId}"]`);
  }, 180_000);
});

/**
 * The end of the same swap by post, as its own journey: once Ava's parcel is on its way, Ben
 * confirms receipt through "Is everything as described?" on the trade page, at 375 and 1280 px.
 */
describe('receipt by post goes through "as described"', () => {
  it('Ben is offered "I received it" only once Ava has sent, and confirms it as described', async () => {
    const ava = (await openBrowser()).page;
    const ben = (await openBrowser({ width: 375, height: 812 })).page;
    await Promise.all([registerMember(ava, 'Ava', 'Moreau'), registerMember(ben, 'Ben', 'Hughes')]);
    const [wanted, offered] = await Promise.all([
      listItemViaApi(ben, {
        title: `${uniqueWord('Pr')} rain mac`,
        category: 'clothing',
        estimatedValue: 7000,
      }),
      listItemViaApi(ava, {
        title: `${uniqueWord('Pr')} knit vest`,
        category: 'clothing',
        estimatedValue: 6800,
      }),
    ]);
    const created = await ava.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as TradeRequest).id;
    const accepted = await ben.request.patch(`/api/trade-requests/${id}`, { data: { status: 'accepted' } });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // Nothing sent yet: receipt is refused and not offered.
    const early = await ben.request.post(`/api/trade-requests/${id}/received`, {
      data: { asDescribed: true },
    });
    expect(early.status()).toBe(409);
    await ben.goto(`/trades/${id}`);
    await shown(ben.getByRole('button', { name: 'I sent my items' }));
    expect(await ben.getByRole('button', { name: 'I received it' }).count()).toBe(0);

    const sent = await ava.request.post(`/api/trade-requests/${id}/sent`);
    expect(sent.status(), await sent.text()).toBe(200);
    await ben.reload();
    await ben.getByRole('button', { name: 'I received it' }).click();
    const ask = ben.getByRole('dialog', { name: 'Is everything as described?' });
    await shown(ask.getByRole('heading', { name: 'Is everything as described?' }));
    await axeAtBothWidths(ben, '[data-testid="dialog-receive"]');
    await ask.getByRole('button', { name: 'Yes, everything is as described' }).click();
    await shown(
      ben
        .getByRole('region', { name: 'History', exact: true })
        .getByText('You confirmed receipt', { exact: true }),
    );
    expect((await getJson<TradeRequest>(ben, `/api/trade-requests/${id}`)).ownerReceived).toBe(true);
  }, 180_000);
});
