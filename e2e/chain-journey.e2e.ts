import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import {
  type ApiItem,
  getJson,
  gone,
  listItemViaApi,
  type NewListing,
  registerMember,
  shown,
  uniqueWord,
} from './support/journeys';

/** The re-pack comes every 6 seconds here; a proposal reaches open pages by the live refresh. */
const PROPOSAL_MS = 30_000;

interface ChainMember {
  page: Page;
  firstName: string;
  item: ApiItem;
  brand: string;
}

const availability = async (member: ChainMember) =>
  (await getJson<{ availability: string }>(member.page, `/api/items/${member.item.id}`)).availability;

/** `member` would give their item for `wanted`'s: a swap rule on its category and brand. */
async function wants(member: ChainMember, wanted: ChainMember) {
  const response = await member.page.request.post('/api/swap-rules', {
    data: { category: wanted.item.category, brands: [wanted.brand] },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/*
 * Chains are the periodic re-pack's to find (docs/decisions/007-swap-rings.md, "Chains"): this
 * journey runs its own app, without the demo market (whose members' wishlists could lengthen the
 * chain), whose re-pack comes every 6 seconds.
 */
describe('a giveaway starts a chain of three members', () => {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ DEMO: 'off', RING_REPACK_MINUTES: '0.1', AUTH_ATTEMPTS_PER_IP: '1000' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('Gia’s gift goes to Ana, Ana’s coat to Ben; each accepts, sends and receives, and it completes', async () => {
    const specs: Array<{ firstName: string; category: NewListing['category']; gift?: boolean }> = [
      { firstName: 'Gia', category: 'accessories', gift: true },
      { firstName: 'Ana', category: 'clothing' },
      { firstName: 'Ben', category: 'shoes' },
    ];
    const members: ChainMember[] = [];
    for (const [index, spec] of specs.entries()) {
      const { page } = await openBrowser({ width: 1280, height: 900 }, server?.url);
      await registerMember(page, spec.firstName, 'Chainer');
      const brand = uniqueWord(`Cb${index}`);
      const item = await listItemViaApi(page, {
        title: `${spec.firstName}'s ${spec.category} ${brand}`,
        category: spec.category,
        brand,
        estimatedValue: 5000,
        ...(spec.gift ? { isGiveaway: true } : {}),
      });
      members.push({ page, firstName: spec.firstName, item, brand });
    }
    const [gia, ana, ben] = members as [ChainMember, ChainMember, ChainMember];
    expect(gia.item).toMatchObject({ isGiveaway: true });

    // Ana would take Gia's gift, Ben Ana's coat: no ring closes, but the gift starts a chain.
    await wants(ana, gia);
    await wants(ben, ana);
    for (const member of members) {
      await member.page.goto('/rings');
      await shown(member.page.getByRole('heading', { name: 'Swap Rings', level: 1 }));
    }

    for (const member of members) {
      const proposals = member.page.getByTestId('rings-proposed');
      await shown(proposals.getByRole('heading', { name: '3-member swap chain' }), PROPOSAL_MS);
      await shown(proposals.getByTestId('chain-end'));
    }
    expect(await gia.page.getByTestId('chain-summary').textContent()).toContain('your giveaway starts');
    expect(await ben.page.getByTestId('chain-summary').textContent()).toContain('without giving anything');
    expect(await seriousViolations(ben.page)).toEqual([]);

    for (const member of members) {
      const card = member.page.getByTestId('rings-proposed');
      await card.getByTestId('button-accept-ring').click();
      await gone(card.getByTestId('button-accept-ring'));
    }
    for (const member of members) {
      const active = member.page.getByTestId('rings-active');
      await shown(active.getByText('Accepted by everyone'), PROPOSAL_MS);
    }
    expect(await availability(gia)).toBe('reserved');
    expect(await availability(ana)).toBe('reserved');
    // Ben receives without giving: his own item stays on the marketplace, and he has nothing to send.
    expect(await availability(ben)).toBe('available');
    expect(await ben.page.getByTestId('rings-active').getByTestId('button-ring-sent').count()).toBe(0);
    // He is asked for his address (Ana posts his item) and sees it coming, on the ring page too,
    // whose title shows once.
    const benPrompt = ben.page.getByTestId('rings-active').locator('[data-testid^="prompt-address-"]');
    await shown(benPrompt);
    const ringId = ((await benPrompt.getAttribute('data-testid')) ?? '').replace('prompt-address-', '');
    await ben.page.goto(`/rings/${ringId}`);
    await shown(ben.page.getByRole('heading', { name: '3-member swap chain', level: 1 }));
    expect(await ben.page.getByRole('heading', { name: /member swap (chain|ring)/ }).count()).toBe(1);
    await shown(ben.page.getByTestId(`prompt-address-${ringId}`));
    await shown(ben.page.getByTestId(`text-shipment-theirs-${ringId}`));
    expect(await seriousViolations(ben.page)).toEqual([]);
    const shots = process.env.RING_SCREENSHOTS;
    if (shots)
      for (const width of [375, 1280]) {
        await ben.page.setViewportSize({ width, height: 900 });
        await ben.page.screenshot({ path: `${shots}/chain-end-ring-page-${width}.png`, fullPage: true });
      }
    await ben.page.setViewportSize({ width: 1280, height: 900 });
    await ben.page.goto('/rings');
    await shown(ben.page.getByRole('heading', { name: 'Swap Rings', level: 1 }));

    for (const member of [gia, ana]) {
      const active = member.page.getByTestId('rings-active');
      await active.getByTestId('button-ring-sent').click();
      await gone(active.getByTestId('button-ring-sent'));
    }
    // Gia receives nothing: no receipt for her to confirm.
    expect(await gia.page.getByTestId('rings-active').getByTestId('button-ring-received').count()).toBe(0);
    for (const member of [ana, ben]) {
      const active = member.page.getByTestId('rings-active');
      await shown(active.getByTestId('button-ring-received'), PROPOSAL_MS);
      await active.getByTestId('button-ring-received').click();
      const ask = member.page.getByTestId('dialog-receive');
      await shown(ask);
      await ask.getByTestId('button-receive-as-described').click();
      await gone(active.getByTestId('button-ring-received'));
    }

    for (const member of members) {
      await shown(member.page.getByTestId('rings-past').getByText('Completed'), PROPOSAL_MS);
    }
    expect(await availability(gia)).toBe('traded');
    expect(await availability(ana)).toBe('traded');
    expect(await availability(ben)).toBe('available');
    expect(await seriousViolations(gia.page)).toEqual([]);
    const dir = process.env.RING_SCREENSHOTS;
    if (dir)
      for (const width of [375, 1280]) {
        await gia.page.setViewportSize({ width, height: 900 });
        await gia.page.screenshot({ path: `${dir}/chain-completed-${width}.png`, fullPage: true });
      }
  }, 300_000);
});
