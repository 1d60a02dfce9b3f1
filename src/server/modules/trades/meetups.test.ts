import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tradeMeetups, tradeRequests, users } from '../../db/schema';
import { buildTrade } from '../../test-support/builders';
import type { TestClient } from '../../test-support/test-app';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const PARIS = 2988507;
const BOULOGNE = 3031137; // 8 km
const LYON = 2996944; // 393 km

const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();
const place = 'Café de la Paix, by the opera';

async function settle(client: TestClient, townId: number | null) {
  await t.db
    .update(users)
    .set({ townId })
    .where(eq(users.id, client.user?.id as string));
}

async function nearbyTrade(
  status: 'accepted' | 'pending' = 'accepted',
  towns: [number | null, number | null] = [PARIS, BOULOGNE],
) {
  const built = await buildTrade(t, { status });
  await settle(built.owner, towns[0]);
  await settle(built.requester, towns[1]);
  return { ...built, url: `/api/trade-requests/${built.trade.id}` };
}

async function agreed() {
  const built = await nearbyTrade();
  expect((await built.requester.post(`${built.url}/meetup`, { place, at: tomorrow() })).statusCode).toBe(200);
  expect((await built.owner.patch(`${built.url}/meetup`, { status: 'accepted' })).statusCode).toBe(200);
  const ownerCode = (await built.owner.get(`${built.url}/meetup`)).json().myCode as string;
  const requesterCode = (await built.requester.get(`${built.url}/meetup`)).json().myCode as string;
  return { ...built, ownerCode, requesterCode };
}

describe('meet-up permissions', () => {
  it('refuses a visitor (401) and a stranger (404) on every route', async () => {
    const { url } = await nearbyTrade();
    const stranger = await t.member();
    await settle(stranger, PARIS);
    for (const client of [t.visitor(), stranger]) {
      const expected = client === stranger ? 404 : 401;
      expect((await client.get(`${url}/meetup`)).statusCode).toBe(expected);
      expect((await client.post(`${url}/meetup`, { place, at: tomorrow() })).statusCode).toBe(expected);
      expect((await client.patch(`${url}/meetup`, { status: 'accepted' })).statusCode).toBe(expected);
      expect((await client.post(`${url}/handover`, { code: '123456' })).statusCode).toBe(expected);
    }
  });

  it('refuses a party before acceptance (409), and shows no code', async () => {
    const { owner, requester, url } = await nearbyTrade('pending');
    const proposed = await requester.post(`${url}/meetup`, { place, at: tomorrow() });
    expect(proposed.statusCode).toBe(409);
    expect(proposed.json().code).toBe('meetup.trade_not_accepted');
    const state = (await owner.get(`${url}/meetup`)).json();
    expect(state).toMatchObject({ available: false, unavailableReason: 'not_accepted', myCode: null });
  });

  it('lets the parties propose, replace and answer; only the other party answers', async () => {
    const { owner, requester, url, trade } = await nearbyTrade();
    expect((await owner.get(`${url}/meetup`)).json()).toMatchObject({
      available: true,
      distanceKm: 8,
      meetup: null,
    });
    const first = await requester.post(`${url}/meetup`, { place, at: tomorrow() });
    expect(first.json().meetup).toMatchObject({ place, status: 'proposed', proposedByMe: true });
    const own = await requester.patch(`${url}/meetup`, { status: 'accepted' });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('meetup.own_proposal');
    // The owner suggests another place instead: it replaces the pending one.
    const other = await owner.post(`${url}/meetup`, {
      place: 'Gare Saint-Lazare, main hall',
      at: tomorrow(),
    });
    expect(other.json().meetup).toMatchObject({ status: 'proposed', proposedByMe: true });
    expect((await owner.patch(`${url}/meetup`, { status: 'accepted' })).statusCode).toBe(409);
    const accepted = await requester.patch(`${url}/meetup`, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().meetup.status).toBe('accepted');
    // Each giver sees their own code only.
    const [row] = await t.db.select().from(tradeMeetups).where(eq(tradeMeetups.tradeRequestId, trade.id));
    expect(accepted.json().myCode).toBe(row?.requesterCode);
    expect((await owner.get(`${url}/meetup`)).json().myCode).toBe(row?.ownerCode);
    expect(row?.ownerCode).toMatch(/^\d{6}$/);
    expect((await requester.patch(`${url}/meetup`, { status: 'declined' })).json().code).toBe(
      'meetup.none_pending',
    );
  });

  it('refuses a past time, a blank or hostile place', async () => {
    const { requester, url } = await nearbyTrade();
    const past = await requester.post(`${url}/meetup`, {
      place,
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('meetup.in_past');
    for (const body of [
      { place: '', at: tomorrow() },
      { place: 'a\nb c', at: tomorrow() },
      { place: 'x'.repeat(100_000), at: tomorrow() },
      { place: 'Café\u0000', at: tomorrow() },
      { place, at: 'tomorrow' },
    ]) {
      expect((await requester.post(`${url}/meetup`, body)).statusCode).toBeGreaterThanOrEqual(400);
      expect((await requester.post(`${url}/meetup`, body)).statusCode).toBeLessThan(500);
    }
  });
});

describe('the 50 km rule', () => {
  it('offers meet-ups only when both towns are known and within 50 km', async () => {
    const far = await nearbyTrade('accepted', [PARIS, LYON]);
    expect((await far.owner.get(`${far.url}/meetup`)).json()).toMatchObject({
      available: false,
      unavailableReason: 'too_far',
      distanceKm: 393,
    });
    const refused = await far.owner.post(`${far.url}/meetup`, { place, at: tomorrow() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'meetup.too_far', params: { maxKm: 50 } });
    const unknown = await nearbyTrade('accepted', [PARIS, null]);
    expect((await unknown.owner.post(`${unknown.url}/meetup`, { place, at: tomorrow() })).json().code).toBe(
      'meetup.no_town',
    );
  });
});

describe('POST /api/trade-requests/:id/handover', () => {
  it('needs an agreed meet-up', async () => {
    const { requester, url } = await nearbyTrade();
    const early = await requester.post(`${url}/handover`, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('meetup.not_agreed');
  });

  it('the right code hands the giver’s items over and records the receipt; both complete the trade', async () => {
    const { owner, requester, url, trade, ownerCode, requesterCode } = await agreed();
    // The requester receives the owner's items: they enter the owner's code.
    const first = await requester.post(`${url}/handover`, { code: ownerCode });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ theyHandedOver: true, iHandedOver: false });
    let [row] = await t.db.select().from(tradeRequests).where(eq(tradeRequests.id, trade.id));
    expect(row?.ownerShipment?.handedOverAt).toBeTruthy();
    expect(row?.requesterReceivedAt).not.toBeNull();
    expect(row?.ownerReceivedAt).toBeNull();
    expect(row?.status).toBe('accepted');
    expect((await owner.get(`${url}/meetup`)).json()).toMatchObject({ iHandedOver: true, myCode: null });
    // Again: already handed over.
    expect((await requester.post(`${url}/handover`, { code: ownerCode })).json().code).toBe(
      'meetup.already_handed_over',
    );
    const second = await owner.post(`${url}/handover`, { code: requesterCode });
    expect(second.statusCode).toBe(200);
    [row] = await t.db.select().from(tradeRequests).where(eq(tradeRequests.id, trade.id));
    expect(row?.status).toBe('completed');
    const notes = (await owner.get('/api/notifications')).body;
    expect(notes).toContain('Handover confirmed');
  });

  it('a wrong code is a 400 with the attempts left; the sixth within the hour is a 429', async () => {
    const { requester, owner, url, ownerCode } = await agreed();
    const wrong = ownerCode === '000000' ? '000001' : '000000';
    for (let left = 4; left >= 0; left -= 1) {
      const response = await requester.post(`${url}/handover`, { code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'meetup.wrong_code', params: { attemptsLeft: left } });
    }
    const limited = await requester.post(`${url}/handover`, { code: ownerCode });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('meetup.too_many_attempts');
    // The limit is per trade: the other party is held too, and nothing was handed over.
    expect((await owner.get(`${url}/meetup`)).json().iHandedOver).toBe(false);
    expect((await requester.post(`${url}/handover`, { code: 'abc' })).statusCode).toBe(400);
  });

  it('two handovers at once: exactly one records it', async () => {
    const { requester, url, ownerCode } = await agreed();
    const answers = await Promise.all([
      requester.post(`${url}/handover`, { code: ownerCode }),
      requester.post(`${url}/handover`, { code: ownerCode }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});
