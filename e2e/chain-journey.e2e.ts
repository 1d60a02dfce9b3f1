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

/** A section of /rings, named by its heading: 'Proposals', 'Active rings' or 'Past rings'. */
const section = (member: ChainMember, name: 'Proposals' | 'Active rings' | 'Past rings') =>
  member.page.getByRole('region', { name, exact: true });

/** "I sent “…”" and "I received “…”" name the item; with no title, any such button. */
const sentButton = (member: ChainMember) =>
  section(member, 'Active rings').getByRole('button', { name: /^I sent “/ });
const receivedButton = (member: ChainMember) =>
  section(member, 'Active rings').getByRole('button', { name: /^I received “/ });

/** What the chain's last member is asked for: their address, as the one giving to them is posting. */
const addressPrompt = (giver: string) =>
  new RegExp(
    `^${giver}\\b.* sends you their item in this chain, and you have nothing to send: add your shipping address`,
  );

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

    // Each member is in this chain only, so the Proposals section holds just its card; the chain
    // ends with Ben, who gives nothing ('you' to Ben himself).
    for (const member of members) {
      const proposals = section(member, 'Proposals');
      await shown(proposals.getByRole('heading', { name: '3-member swap chain' }), PROPOSAL_MS);
      const end = member === ben ? 'you' : 'Ben';
      await shown(proposals.getByText(`and on to ${end}, who gives nothing in return`, { exact: true }));
    }
    await shown(
      section(gia, 'Proposals').getByText(
        `You give “${gia.item.title}” away to Ana: your giveaway starts this chain.`,
        { exact: true },
      ),
    );
    await shown(
      section(ben, 'Proposals').getByText(
        `You get “${ana.item.title}” from Ana without giving anything: a giveaway started this chain.`,
        { exact: true },
      ),
    );
    expect(await seriousViolations(ben.page)).toEqual([]);

    for (const member of members) {
      const accept = section(member, 'Proposals').getByRole('button', { name: 'Accept', exact: true });
      await accept.click();
      await gone(accept);
    }
    for (const member of members) {
      await shown(section(member, 'Active rings').getByText('Accepted by everyone'), PROPOSAL_MS);
    }
    expect(await availability(gia)).toBe('reserved');
    expect(await availability(ana)).toBe('reserved');
    // Ben receives without giving: his own item stays on the marketplace, and he has nothing to send.
    expect(await availability(ben)).toBe('available');
    expect(await sentButton(ben).count()).toBe(0);
    // He is asked for his address (Ana posts his item) and sees it coming, on the ring page too,
    // whose title shows once.
    await shown(section(ben, 'Active rings').getByRole('status').getByText(addressPrompt('Ana')));
    const [ring] = await getJson<Array<{ id: string }>>(ben.page, '/api/rings');
    await ben.page.goto(`/rings/${ring?.id}`);
    await shown(ben.page.getByRole('heading', { name: '3-member swap chain', level: 1 }));
    expect(await ben.page.getByRole('heading', { name: /member swap (chain|ring)/ }).count()).toBe(1);
    const coming = ben.page.getByRole('region', { name: /^Coming to you from Ana\b/ });
    await shown(coming.getByRole('status').getByText(addressPrompt('Ana')));
    await shown(coming.getByRole('list', { name: 'Shipping' }).getByText(/^Ana\b.*: not shipped yet$/));
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
      const sent = section(member, 'Active rings').getByRole('button', {
        name: `I sent “${member.item.title}”`,
        exact: true,
      });
      await sent.click();
      await gone(sent);
    }
    // Gia receives nothing: no receipt for her to confirm. Ana receives Gia's gift, Ben Ana's item.
    expect(await receivedButton(gia).count()).toBe(0);
    for (const [member, from] of [
      [ana, gia],
      [ben, ana],
    ] as const) {
      const received = section(member, 'Active rings').getByRole('button', {
        name: `I received “${from.item.title}”`,
        exact: true,
      });
      await shown(received, PROPOSAL_MS);
      await received.click();
      const ask = member.page.getByRole('dialog', { name: 'Is everything as described?' });
      await shown(ask);
      await ask.getByRole('button', { name: 'Yes, everything is as described', exact: true }).click();
      await gone(received);
    }

    for (const member of members) {
      await shown(section(member, 'Past rings').getByText('Completed'), PROPOSAL_MS);
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
