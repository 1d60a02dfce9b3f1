import { describe, expect, it } from 'vitest';
import { buildTrade } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';
const dhl = { carrier: 'dhl', trackingNumber: 'JD 0146 0000 1234' };

describe('POST /api/trade-requests/:id/shipment', () => {
  it('401 for a visitor, 404 for a non-party or an unknown trade', async () => {
    const { trade } = await buildTrade(t, { status: 'accepted' });
    const stranger = await t.member();
    expect((await t.visitor().post(`/api/trade-requests/${trade.id}/shipment`, dhl)).statusCode).toBe(401);
    expect((await stranger.post(`/api/trade-requests/${trade.id}/shipment`, dhl)).statusCode).toBe(404);
    expect((await stranger.post(`/api/trade-requests/${unknown}/shipment`, dhl)).statusCode).toBe(404);
  });

  it.each(['pending', 'completed', 'cancelled', 'declined', 'disputed'] as const)(
    '409 while the trade is %s',
    async (status) => {
      const { owner, trade } = await buildTrade(t, { status });
      const response = await owner.post(`/api/trade-requests/${trade.id}/shipment`, dhl);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/accepted|no longer change/);
    },
  );

  it('records each party’s own parcel, replaces it on update, and tells the partner', async () => {
    const { owner, requester, trade } = await buildTrade(t, {
      status: 'accepted',
      owner: { firstName: 'Olga' },
      requester: { firstName: 'Rui' },
    });
    const sent = await requester.post(`/api/trade-requests/${trade.id}/shipment`, dhl);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().requesterShipment).toMatchObject({
      carrier: 'dhl',
      trackingNumber: 'JD 0146 0000 1234',
    });
    expect(sent.json().ownerShipment).toBeNull();
    // The claim window still waits for a receipt confirmation.
    expect(sent.json().claimDeadline).toBeNull();
    const [note] = (await owner.get('/api/notifications')).json();
    expect(note.title).toBe('Item shipped');
    expect(note.message).toContain('Rui sent "Leather Boots" with DHL (tracking JD 0146 0000 1234)');

    const updated = await requester.post(`/api/trade-requests/${trade.id}/shipment`, {
      carrier: 'other',
      trackingNumber: 'ABC-123',
    });
    expect(updated.json().requesterShipment).toMatchObject({ carrier: 'other', trackingNumber: 'ABC-123' });
    expect((await owner.get('/api/notifications')).json()[0].title).toBe('Tracking updated');

    await owner.put('/api/users/address', {
      name: 'Olga K',
      line1: '1 High St',
      postcode: 'SW1A 1AA',
      city: 'London',
      country: 'GB',
    });
    const ownerSent = await owner.post(`/api/trade-requests/${trade.id}/shipment`, {
      carrier: 'royal-mail',
      trackingNumber: '  AB123456789GB ',
    });
    expect(ownerSent.json().ownerShipment).toMatchObject({
      carrier: 'royal-mail',
      trackingNumber: 'AB123456789GB',
    });
    expect(ownerSent.json().ownerShipment.trackingUrl).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    const seen = (await requester.get('/api/trade-requests')).json()[0];
    expect(seen.ownerShipment.carrier).toBe('royal-mail');
    expect(seen.requesterShipment.carrier).toBe('other');
  });

  it.each([
    [
      'a carrier not offered in the sender’s country',
      { carrier: 'royal-mail', trackingNumber: 'AB123456789GB' },
      'shipment.carrier_not_offered',
    ],
    [
      'a number not of the carrier’s format',
      { carrier: 'usps', trackingNumber: 'AB12345' },
      'shipment.tracking_format',
    ],
    [
      'a UPS number given as FedEx',
      { carrier: 'fedex', trackingNumber: '1Z999AA10123456784' },
      'shipment.tracking_format',
    ],
  ])('400 for %s with its code, and nothing changes', async (_label, body, code) => {
    const { requester, trade } = await buildTrade(t, { status: 'accepted' });
    const response = await requester.post(`/api/trade-requests/${trade.id}/shipment`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
    expect((await requester.get('/api/trade-requests')).json()[0].requesterShipment).toBeNull();
  });

  it('accepts each carrier’s own numbers in the sender’s country, with its tracking link', async () => {
    const { requester, trade } = await buildTrade(t, { status: 'accepted' });
    for (const [carrier, number] of [
      ['usps', '9400 1000 0000 0000 0000 00'],
      ['ups', '1Z999AA10123456784'],
      ['fedex', '123456789012'],
    ] as const) {
      const response = await requester.post(`/api/trade-requests/${trade.id}/shipment`, {
        carrier,
        trackingNumber: number,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().requesterShipment.trackingUrl).toContain(number.replace(/ /g, ''));
    }
  });

  it.each([
    ['an unknown carrier', { carrier: 'pigeon', trackingNumber: 'ABCD1234' }],
    ['a too short number', { carrier: 'dhl', trackingNumber: 'abc' }],
    ['a too long number', { carrier: 'dhl', trackingNumber: 'A'.repeat(41) }],
    ['a number with symbols', { carrier: 'dhl', trackingNumber: '<script>1234' }],
    ['a NUL byte', { carrier: 'dhl', trackingNumber: 'ABCD\u00001234' }],
    ['a lone surrogate', { carrier: 'dhl', trackingNumber: 'ABCD\uD8001234' }],
    ['100 KB of text', { carrier: 'dhl', trackingNumber: 'A'.repeat(100_000) }],
    ['an extra field', { ...dhl, shippedAt: '2020-01-01' }],
    ['no number', { carrier: 'dhl' }],
  ])('400 for %s, and nothing changes', async (_label, body) => {
    const { requester, trade } = await buildTrade(t, { status: 'accepted' });
    const response = await requester.post(`/api/trade-requests/${trade.id}/shipment`, body);
    expect(response.statusCode).toBe(400);
    expect((await requester.get('/api/trade-requests')).json()[0].requesterShipment).toBeNull();
  });
});
