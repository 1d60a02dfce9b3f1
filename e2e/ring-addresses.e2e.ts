import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ring } from '@common/api/rings';
import { pdfText } from '../src/server/test-support/pdf-text';
import { seriousViolations, settle } from './support/axe';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  choose,
  eventually,
  getJson,
  gone,
  listItemViaApi,
  type NewListing,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

interface Address {
  name: string;
  line1: string;
  postcode: string;
  city: string;
  country: string;
  countryName: string;
}

interface RingMember {
  page: Page;
  id: string;
  firstName: string;
  item: ApiItem;
  brand: string;
  address: Address;
}

/** Axe finds nothing serious at 375 and 1280 px; E2E_SCREENSHOTS=dir saves each width. */
async function axeAtBothWidths(page: Page, name: string) {
  const before = page.viewportSize() ?? DESKTOP;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    expect(await seriousViolations(page), `${name} at ${viewport.width} px`).toEqual([]);
    const folder = process.env.E2E_SCREENSHOTS;
    if (folder)
      await page.screenshot({ path: `${folder}/ring-${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

/**
 * Three members, each in a browser of their own (Ana on a phone) with one item of a brand nobody
 * else uses, so that the swap rules below close exactly this journey's cycle.
 */
async function openMembers(
  specs: Array<{
    firstName: string;
    category: NewListing['category'];
    viewport: typeof PHONE;
    address: Address;
  }>,
) {
  const members: RingMember[] = [];
  for (const [index, spec] of specs.entries()) {
    const { page } = await openBrowser(spec.viewport);
    const member = await registerMember(page, spec.firstName, 'Leg');
    const brand = uniqueWord(`Ra${index}`);
    const item = await listItemViaApi(page, {
      title: `${spec.firstName}'s ${spec.category} ${brand}`,
      category: spec.category,
      brand,
      estimatedValue: 5000,
    });
    members.push({ page, id: member.id, firstName: spec.firstName, item, brand, address: spec.address });
  }
  return members;
}

/** `member` would give their item for `wanted`'s: a swap rule on its category and brand. */
async function wants(member: RingMember, wanted: RingMember) {
  const response = await member.page.request.post('/api/swap-rules', {
    data: { category: wanted.item.category, brands: [wanted.brand] },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function saveAddress(member: RingMember) {
  const { countryName: _name, ...address } = member.address;
  const response = await member.page.request.put('/api/users/address', { data: address });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A three-member ring by post (issue 34, "Swap rings get the same"): once everyone accepted, each
 * giver sees only the address of the member they send to, on the ring page, in the API and on the
 * leg's packing slip, never the other two; a member without an address is asked for one. The ring
 * then completes leg by leg: each giver marks their item sent, and only then is its receiver
 * offered "I received it", which asks "Is everything as described?".
 */
describe('a three-member ring by post, leg by leg', () => {
  let members: [RingMember, RingMember, RingMember];
  let ringId: string;
  const ringOf = (member: RingMember) => getJson<Ring>(member.page, `/api/rings/${ringId}`);
  const byId = (id: string) => members.find((member) => member.id === id) as RingMember;

  beforeAll(async () => {
    members = (await openMembers([
      {
        firstName: 'Ana',
        category: 'clothing',
        viewport: PHONE,
        address: {
          name: 'Ana Leg',
          line1: '3 Queen Square',
          postcode: 'BS1 4JQ',
          city: 'Bristol',
          country: 'GB',
          countryName: 'United Kingdom',
        },
      },
      {
        firstName: 'Ben',
        category: 'shoes',
        viewport: DESKTOP,
        address: {
          name: 'Ben Leg',
          line1: '8 rue Mercière',
          postcode: '69002',
          city: 'Lyon',
          country: 'FR',
          countryName: 'France',
        },
      },
      {
        firstName: 'Cleo',
        category: 'accessories',
        viewport: DESKTOP,
        address: {
          name: 'Cleo Leg',
          line1: 'Prinsengracht 263',
          postcode: '1016 GV',
          city: 'Amsterdam',
          country: 'NL',
          countryName: 'Netherlands',
        },
      },
    ])) as [RingMember, RingMember, RingMember];
    const [ana, ben, cleo] = members;
    // Ana and Ben keep an address already; Cleo will be asked for hers.
    await saveAddress(ana);
    await saveAddress(ben);
    // Ana gives to Cleo, Cleo to Ben, Ben to Ana: the last rule closes the cycle.
    await wants(ana, ben);
    await wants(ben, cleo);
    await wants(cleo, ana);
  }, 180_000);

  it('before everyone accepted, nobody sees an address', async () => {
    const cleo = members[2];
    await eventually(
      async () => (await getJson<Array<{ id: string; status: string }>>(cleo.page, '/api/rings'))[0]?.status,
      'proposed',
    );
    const [ring] = await getJson<Array<{ id: string }>>(cleo.page, '/api/rings');
    ringId = ring?.id as string;
    for (const member of members) {
      const ring = await ringOf(member);
      expect(ring.status).toBe('proposed');
      for (const leg of ring.legs) expect(leg.recipientAddress).toBeNull();
      expect((await member.page.request.get(`/api/rings/${ringId}/packing-slip`)).status()).toBe(409);
    }
  });

  it('all accept; Cleo, who had no address, is asked for one on the ring page', async () => {
    for (const member of members) {
      await member.page.goto(`/rings/${ringId}`);
      const accept = member.page.getByRole('button', { name: 'Accept', exact: true });
      await shown(accept);
      await accept.click();
      await gone(accept);
    }
    const cleo = members[2];
    await cleo.page.reload();
    const add = cleo.page.getByRole('button', { name: 'Add my address' });
    await add.click();
    const dialog = cleo.page.getByRole('dialog', { name: 'Where should your item be sent?' });
    await shown(dialog);
    await dialog.getByLabel('Full name').fill(cleo.address.name);
    await dialog.getByLabel('Address', { exact: true }).fill(cleo.address.line1);
    await dialog.getByLabel('Postcode').fill(cleo.address.postcode);
    await dialog.getByLabel('Town or city').fill(cleo.address.city);
    await choose(cleo.page, dialog.getByRole('combobox', { name: 'Country' }), cleo.address.countryName);
    await dialog.getByRole('button', { name: 'Save and share with this swap' }).click();
    await gone(dialog);
    await gone(add);
  });

  it('each giver sees only the address of the member they send to, on the page, in the API and on the slip', async () => {
    for (const member of members) {
      const ring = await ringOf(member);
      expect(ring.status).toBe('accepted');
      const give = ring.legs[ring.myGiveLeg];
      const receiver = byId(give?.receiver.id as string);
      expect(receiver.id).not.toBe(member.id);
      // Only the caller's own leg as giver carries an address, and it is the receiver's.
      for (const leg of ring.legs) {
        expect(leg.recipientAddress?.postcode ?? null).toBe(
          leg.position === ring.myGiveLeg ? receiver.address.postcode : null,
        );
      }
      const others = members.filter((other) => other.id !== receiver.id);
      const answer = JSON.stringify(ring);
      for (const other of others) expect(answer).not.toContain(other.address.postcode);

      await member.page.goto(`/rings/${ringId}`);
      // The postage section ('Send to Cleo …') shows the receiver's address, one line each.
      const postage = member.page.getByRole('region', { name: new RegExp(`^Send to ${receiver.firstName}`) });
      await shown(postage.getByText(receiver.address.line1, { exact: true }));
      await shown(
        postage.getByText(`${receiver.address.postcode} ${receiver.address.city}`, { exact: true }),
      );
      const pageText = await textOf(member.page.locator('main'));
      for (const other of others) expect(pageText).not.toContain(other.address.postcode);

      const slip = await member.page.request.get(`/api/rings/${ringId}/packing-slip`);
      expect(slip.status()).toBe(200);
      expect(slip.headers()['content-type']).toContain('application/pdf');
      const text = await pdfText(await slip.body());
      expect(text).toContain(receiver.address.postcode);
      for (const other of others) expect(text).not.toContain(other.address.postcode);
    }
    await axeAtBothWidths(members[0].page, 'addresses');
  }, 120_000);

  it('the ring completes leg by leg: sent, then received through "as described"', async () => {
    const ring = await ringOf(members[0]);
    for (const leg of ring.legs) {
      const giver = byId(leg.giver.id);
      const receiver = byId(leg.receiver.id);
      // Nothing sent on this leg yet: its receiver is not offered "I received it".
      await receiver.page.goto(`/rings/${ringId}`);
      await shown(receiver.page.getByRole('list', { name: 'Each member’s progress' }));
      expect(await receiver.page.getByRole('button', { name: /^I received / }).count()).toBe(0);

      await giver.page.goto(`/rings/${ringId}`);
      const sent = giver.page.getByRole('button', { name: `I sent “${leg.item.title}”`, exact: true });
      await shown(sent);
      await sent.click();
      await gone(sent);
      // Sent without tracking: it says so, not "not shipped yet".
      const mine = giver.page
        .getByRole('list', { name: 'Shipping', exact: true })
        .getByRole('listitem')
        .filter({ hasText: /^You:/ });
      await eventually(() => textOf(mine), 'You: sent, without tracking');

      await receiver.page.reload();
      const received = receiver.page.getByRole('button', {
        name: `I received “${leg.item.title}”`,
        exact: true,
      });
      await shown(received);
      await received.click();
      const ask = receiver.page.getByRole('dialog', { name: 'Is everything as described?' });
      await shown(ask.getByRole('heading', { name: 'Is everything as described?' }));
      if (leg.position === 0) {
        expect(await seriousViolations(receiver.page, '[role="dialog"]')).toEqual([]);
      }
      await ask.getByRole('button', { name: 'Yes, everything is as described' }).click();
      await gone(received);

      const now = await ringOf(receiver);
      expect(now.legs[leg.position]?.received).toBe(true);
      const last = leg.position === ring.legs.length - 1;
      expect(now.status).toBe(last ? 'completed' : 'accepted');
      // The leg's line under 'Each leg' (it names the leg's item).
      const legLine = receiver.page
        .getByRole('region', { name: 'Each leg' })
        .getByRole('listitem')
        .filter({ hasText: leg.item.title });
      await eventually(async () => (await textOf(legLine)).includes('Received on'), true);
    }
    await members[0].page.goto(`/rings/${ringId}`);
    await shown(members[0].page.getByRole('button', { name: 'Leave a review' }));
    await axeAtBothWidths(members[0].page, 'completed');
  }, 240_000);
});
