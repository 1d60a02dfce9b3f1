import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rings, ringLegs, tradeRequests, tradeRequestItems } from '../../db/schema';
import { dealTerms } from '../../../common/domain/trade-terms';
import { swapReference } from '../../../common/domain/swap-reference';
import { buildItem, buildRing, buildTrade } from '../../test-support/builders';
import { pdfText } from '../../test-support/pdf-text';
import { useTestApp } from '../../test-support/test-app';
import { bostonAddress, leedsAddress, parisAddress } from './address-fixtures';
import { toWinAnsi } from './packing-slip';

const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const unknown = '00000000-0000-4000-8000-000000000000';

/** A trade in `status` whose two parties both have an address (owner in Paris, requester in Leeds). */
async function tradeWithAddresses(
  status: 'pending' | 'accepted' | 'completed' | 'declined' | 'cancelled' | 'disputed',
) {
  const built = await buildTrade(t, { status });
  await built.owner.put('/api/users/address', parisAddress);
  await built.requester.put('/api/users/address', leedsAddress);
  return built;
}

const slipUrl = (id: string) => `/api/trade-requests/${id}/packing-slip`;

describe('recipientAddress on GET /api/trade-requests/:id', () => {
  it('401 for a visitor, 404 for a stranger or an unknown trade', async () => {
    const { trade } = await tradeWithAddresses('accepted');
    const stranger = await t.member();
    expect((await t.visitor().get(`/api/trade-requests/${trade.id}`)).statusCode).toBe(401);
    expect((await stranger.get(`/api/trade-requests/${trade.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/trade-requests/${unknown}`)).statusCode).toBe(404);
    // Not in the stranger's list either.
    expect((await stranger.get('/api/trade-requests')).json()).toEqual([]);
  });

  it.each(['pending', 'declined', 'cancelled'] as const)(
    'no party sees an address while %s',
    async (status) => {
      const { owner, requester, trade } = await tradeWithAddresses(status);
      for (const party of [owner, requester]) {
        const seen = (await party.get(`/api/trade-requests/${trade.id}`)).json();
        expect(seen.recipientAddress).toBeNull();
        expect(seen.needsAddress).toBe(false);
        expect(JSON.stringify((await party.get('/api/trade-requests')).json())).not.toMatch(/75011|LS1 5HD/);
      }
    },
  );

  it('once accepted each sender sees only the address they send to, in the trade and the list', async () => {
    const { owner, requester, trade } = await tradeWithAddresses('accepted');
    const ownerView = (await owner.get(`/api/trade-requests/${trade.id}`)).json();
    expect(ownerView.recipientAddress).toEqual({ ...leedsAddress, country: 'GB', line2: null, phone: null });
    expect(JSON.stringify(ownerView)).not.toContain('75011');
    const requesterView = (await requester.get(`/api/trade-requests/${trade.id}`)).json();
    expect(requesterView.recipientAddress).toEqual(parisAddress);
    expect(JSON.stringify(requesterView)).not.toContain('LS1 5HD');
    expect((await requester.get('/api/trade-requests')).json()[0].recipientAddress.postcode).toBe('75011');
    // Carriers follow the sender's country.
    expect(ownerView.carrierCountry).toBe('FR');
    expect(requesterView.carrierCountry).toBe('GB');
  });

  it('a sender without an address is offered the carriers of the community’s country', async () => {
    const { owner, requester, trade } = await buildTrade(t, { status: 'accepted' });
    await requester.put('/api/users/address', leedsAddress);
    expect((await owner.get(`/api/trade-requests/${trade.id}`)).json().carrierCountry).toBe('US');
    const admin = await t.member({ role: 'admin' });
    const changed = await admin.patch('/api/admin/community', { country: 'FR' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.visitor().get('/api/community')).json().country).toBe('FR');
    expect((await owner.get(`/api/trade-requests/${trade.id}`)).json().carrierCountry).toBe('FR');
    // The requester's own address still decides theirs.
    expect((await requester.get(`/api/trade-requests/${trade.id}`)).json().carrierCountry).toBe('GB');
  });

  it('accepting through the API works without an address and asks for one (needsAddress)', async () => {
    const { owner, requester, trade } = await buildTrade(t, { status: 'pending' });
    await requester.put('/api/users/address', leedsAddress);
    const accepted = await owner.patch(`/api/trade-requests/${trade.id}`, {
      status: 'accepted',
      offerVersion: 1,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    expect(accepted.json().needsAddress).toBe(true);
    expect(accepted.json().recipientAddress.postcode).toBe('LS1 5HD');
    const requesterView = (await requester.get(`/api/trade-requests/${trade.id}`)).json();
    expect(requesterView.needsAddress).toBe(false);
    expect(requesterView.recipientAddress).toBeNull();
    // Once the owner gives one, the requester sees it and nobody is asked any more.
    await owner.put('/api/users/address', parisAddress);
    expect((await owner.get(`/api/trade-requests/${trade.id}`)).json().needsAddress).toBe(false);
    expect((await requester.get(`/api/trade-requests/${trade.id}`)).json().recipientAddress.city).toBe(
      'Paris',
    );
  });

  it('stays visible while disputed and for 30 days after completion, then disappears', async () => {
    const disputed = await tradeWithAddresses('disputed');
    expect(
      (await disputed.owner.get(`/api/trade-requests/${disputed.trade.id}`)).json().recipientAddress,
    ).not.toBeNull();

    const { owner, requester, trade } = await tradeWithAddresses('completed');
    const setCompleted = (daysAgo: number) =>
      t.db
        .update(tradeRequests)
        .set({ completedAt: new Date(Date.now() - daysAgo * DAY) })
        .where(eq(tradeRequests.id, trade.id));
    await setCompleted(29);
    expect((await owner.get(`/api/trade-requests/${trade.id}`)).json().recipientAddress.city).toBe('Leeds');
    expect((await owner.get(`/api/trade-requests/${trade.id}`)).json().needsAddress).toBe(false);
    expect((await owner.get(slipUrl(trade.id))).statusCode).toBe(200);
    await setCompleted(31);
    for (const party of [owner, requester]) {
      expect((await party.get(`/api/trade-requests/${trade.id}`)).json().recipientAddress).toBeNull();
      expect((await party.get(slipUrl(trade.id))).statusCode).toBe(409);
    }
  });
});

describe('GET /api/trade-requests/:id/packing-slip', () => {
  it('401 for a visitor, 404 for a stranger or an unknown trade, 409 for a party before acceptance', async () => {
    const { owner, trade } = await tradeWithAddresses('pending');
    const stranger = await t.member();
    expect((await t.visitor().get(slipUrl(trade.id))).statusCode).toBe(401);
    expect((await stranger.get(slipUrl(trade.id))).statusCode).toBe(404);
    expect((await stranger.get(slipUrl(unknown))).statusCode).toBe(404);
    const early = await owner.get(slipUrl(trade.id));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('packing_slip.unavailable');
    expect((await owner.get(slipUrl('not-an-id'))).statusCode).toBe(400);
  });

  it('409 when the recipient has no address yet', async () => {
    const { owner, trade } = await buildTrade(t, { status: 'accepted' });
    await owner.put('/api/users/address', parisAddress);
    const response = await owner.get(slipUrl(trade.id));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('packing_slip.no_recipient_address');
  });

  it('answers a private PDF with the recipient’s address, the sender, the reference and every item', async () => {
    const { owner, requester, trade, offered } = await tradeWithAddresses('accepted');
    // The requester sends a bundle: their first item and a second one.
    const scarf = await buildItem(t, requester, { title: 'Silk Scarf' });
    const wantedId = trade.requestedItemId;
    // The trade's sides as a bundle: its two items, then the scarf on the requester's side.
    await t.db.delete(tradeRequestItems).where(eq(tradeRequestItems.tradeRequestId, trade.id));
    await t.db.insert(tradeRequestItems).values([
      {
        tradeRequestId: trade.id,
        itemId: wantedId,
        side: 'requested',
        position: 0,
        terms: trade.requestedTerms,
      },
      {
        tradeRequestId: trade.id,
        itemId: offered.id,
        side: 'offered',
        position: 1,
        terms: dealTerms(offered),
      },
      { tradeRequestId: trade.id, itemId: scarf.id, side: 'offered', position: 2, terms: dealTerms(scarf) },
    ]);
    const response = await requester.get(slipUrl(trade.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="threadswap-packing-slip-T-[0-9A-F]{8}\.pdf"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('75011');
    expect(text).toContain('Camille Martin');
    expect(text).toContain('12 rue des Lilas');
    expect(text).toContain('FRANCE');
    expect(text).toContain(swapReference('trade', trade.id));
    expect(text).toContain('Leather Boots');
    expect(text).toContain('Silk Scarf');
    expect(text).toContain('Sam Taylor');
    expect(text).toContain(`/trades/${trade.id}`);
    // The owner's slip goes to Leeds with the owner's item.
    const ownerText = await pdfText((await owner.get(slipUrl(trade.id))).rawPayload);
    expect(ownerText).toContain('LS1 5HD');
    expect(ownerText).toContain('Wool Coat');
    expect(ownerText).not.toContain('Silk Scarf');
  });

  it('prints text outside the standard fonts as "?" (Greek, emoji) instead of failing', async () => {
    const { owner, requester, trade } = await buildTrade(t, { status: 'accepted' });
    await requester.put('/api/users/address', {
      name: 'Νίκος Παπαδόπουλος 👋',
      line1: 'Οδός Ερμού 10',
      postcode: '105 63',
      city: 'Αθήνα',
      country: 'GR',
    });
    const response = await owner.get(slipUrl(trade.id));
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('105 63');
    expect(text).toContain('GREECE');
    expect(text).toContain('?');
    expect(toWinAnsi('Łódź – Zoë €5 😀 Ωμέγα')).toBe('Lódz – Zoë €5 ? ?????');
  });
});

describe('ring legs', () => {
  async function acceptedRing() {
    const [a, b, c] = [await t.member(), await t.member(), await t.member()];
    const legs = [];
    for (const giver of [a, b, c])
      legs.push({ giver, item: await buildItem(t, giver, { title: `Item of ${giver.user?.firstName}` }) });
    const ring = await buildRing(t, legs);
    await t.db.update(ringLegs).set({ acceptedAt: new Date() }).where(eq(ringLegs.ringId, ring.id));
    await a.put('/api/users/address', parisAddress);
    await b.put('/api/users/address', leedsAddress);
    await c.put('/api/users/address', bostonAddress);
    return { ring, a, b, c };
  }
  const setStatus = (id: string, status: 'accepted' | 'completed', completedAt: Date | null = null) =>
    t.db.update(rings).set({ status, completedAt, acceptedAt: new Date() }).where(eq(rings.id, id));

  it('shows no address while proposed; once accepted each giver sees only their own receiver’s', async () => {
    const { ring, a, b, c } = await acceptedRing();
    for (const member of [a, b, c]) {
      const seen = (await member.get(`/api/rings/${ring.id}`)).json();
      expect(seen.legs.every((leg: { recipientAddress: unknown }) => leg.recipientAddress === null)).toBe(
        true,
      );
      expect((await member.get(`/api/rings/${ring.id}/packing-slip`)).statusCode).toBe(409);
    }
    await setStatus(ring.id, 'accepted');
    // buildRing: each member gives to the member before them; a (position 0) gives to c.
    const expected = new Map([
      [a, '02116'],
      [b, '75011'],
      [c, 'LS1 5HD'],
    ]);
    for (const [member, postcode] of expected) {
      const seen = (await member.get(`/api/rings/${ring.id}`)).json();
      const withAddress = seen.legs.filter(
        (leg: { recipientAddress: unknown }) => leg.recipientAddress !== null,
      );
      expect(withAddress).toHaveLength(1);
      expect(withAddress[0].giver.id).toBe(member.user?.id);
      expect(withAddress[0].recipientAddress.postcode).toBe(postcode);
      const others = [...expected.values()].filter((code) => code !== postcode);
      for (const other of others) expect(JSON.stringify(seen)).not.toContain(other);
      const slip = await member.get(`/api/rings/${ring.id}/packing-slip`);
      expect(slip.statusCode).toBe(200);
      const text = await pdfText(slip.rawPayload);
      expect(text).toContain(postcode);
      expect(text).toContain(swapReference('ring', ring.id));
      expect(text).toContain(`Item of ${member.user?.firstName}`);
    }
    const stranger = await t.member();
    expect((await stranger.get(`/api/rings/${ring.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/rings/${ring.id}/packing-slip`)).statusCode).toBe(404);
    expect((await t.visitor().get(`/api/rings/${ring.id}/packing-slip`)).statusCode).toBe(401);
    // 30 days after completion the addresses are gone.
    await setStatus(ring.id, 'completed', new Date(Date.now() - 31 * DAY));
    const late = (await a.get(`/api/rings/${ring.id}`)).json();
    expect(late.legs.every((leg: { recipientAddress: unknown }) => leg.recipientAddress === null)).toBe(true);
    expect((await a.get(`/api/rings/${ring.id}/packing-slip`)).statusCode).toBe(409);
  });

  it('records each giver’s own carrier and tracking, checked against the carrier’s format', async () => {
    const { ring, a, b } = await acceptedRing();
    const early = await a.post(`/api/rings/${ring.id}/shipment`, {
      carrier: 'la-poste',
      trackingNumber: '6A12345678901',
    });
    expect(early.statusCode).toBe(409);
    await setStatus(ring.id, 'accepted');
    expect(
      (
        await t
          .visitor()
          .post(`/api/rings/${ring.id}/shipment`, { carrier: 'la-poste', trackingNumber: '6A12345678901' })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await (
          await t.member()
        ).post(`/api/rings/${ring.id}/shipment`, { carrier: 'la-poste', trackingNumber: '6A12345678901' })
      ).statusCode,
    ).toBe(404);
    const wrong = await a.post(`/api/rings/${ring.id}/shipment`, {
      carrier: 'la-poste',
      trackingNumber: 'ABCD1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('shipment.tracking_format');
    const notHere = await a.post(`/api/rings/${ring.id}/shipment`, {
      carrier: 'royal-mail',
      trackingNumber: 'AB123456789GB',
    });
    expect(notHere.json().code).toBe('shipment.carrier_not_offered');
    const sent = await a.post(`/api/rings/${ring.id}/shipment`, {
      carrier: 'la-poste',
      trackingNumber: '6A 1234 5678 901',
    });
    expect(sent.statusCode).toBe(200);
    const myLeg = sent.json().legs.find((leg: { giver: { id: string } }) => leg.giver.id === a.user?.id);
    expect(myLeg.shipment).toMatchObject({
      carrier: 'la-poste',
      trackingNumber: '6A 1234 5678 901',
      trackingUrl: 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901',
    });
    // The other members see the leg's tracking (not an address).
    const seenByB = (await b.get(`/api/rings/${ring.id}`)).json();
    expect(
      seenByB.legs.find((leg: { giver: { id: string } }) => leg.giver.id === a.user?.id).shipment.carrier,
    ).toBe('la-poste');
  });
});
