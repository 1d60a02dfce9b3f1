import { markTradeSent } from '../../test-support/builders';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../common/domain/trade-state';
import { tradeRequests } from '../../db/schema';
import { listItem, multipart, pngImage, requestTrade } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

async function accepted() {
  const owner = await t.member({ firstName: 'Olivia' });
  const requester = await t.member({ firstName: 'Ravi' });
  const other = await t.member({ firstName: 'Otto' });
  const wanted = await listItem(owner, { title: 'Wool Coat' });
  const offered = await listItem(requester, { title: 'Leather Boots' });
  const trade = (
    await requester.post('/api/trade-requests', { requestedItemId: wanted.id, offeredItemId: offered.id })
  ).json();
  expect((await owner.patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' })).statusCode).toBe(200);
  return { owner, requester, other, wanted, offered, tradeId: trade.id as string };
}

const availability = async (id: string, viewer: TestClient) =>
  (await viewer.get(`/api/items/${id}`)).json().availability;
const notes = async (client: TestClient) =>
  (await client.get('/api/notifications')).json() as Array<{ title: string; message: string }>;
const trade = async (client: TestClient, id: string) =>
  (await client.get('/api/trade-requests')).json().find((row: { id: string }) => row.id === id);
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

async function uploadId(client: TestClient) {
  const { payload, headers } = multipart(await pngImage());
  return (await client.post('/api/images', payload, headers)).json().id as string;
}

describe('cancelling an accepted trade', () => {
  it('either party cancels with a reason: items come back, the partner is told, the cancellation is recorded', async () => {
    const { owner, requester, wanted, offered, tradeId } = await accepted();
    const response = await requester.patch(`/api/trade-requests/${tradeId}`, {
      status: 'cancelled',
      reason: 'My boots got damaged',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      cancelledById: requester.user?.id,
      cancelReason: 'My boots got damaged',
    });
    expect(response.json().cancelledAt).toBeTruthy();
    expect(await availability(wanted.id, owner)).toBe('available');
    expect(await availability(offered.id, owner)).toBe('available');
    expect((await notes(owner))[0]).toMatchObject({
      title: 'Trade cancelled',
      message: 'Ravi cancelled the swap for "Wool Coat": "My boots got damaged"',
    });
    const reliability = (await t.visitor().get(`/api/users/${requester.user?.id}/reliability`)).json();
    expect(reliability).toMatchObject({ acceptedTrades: 1, cancelledShare: 1, isNew: false });
    const partner = (await t.visitor().get(`/api/users/${owner.user?.id}/reliability`)).json();
    expect(partner.cancelledShare).toBe(0);
  });

  it('the owner may cancel too, without a reason; a stranger gets 404, a visitor 401', async () => {
    const { owner, other, tradeId } = await accepted();
    expect(
      (await t.visitor().patch(`/api/trade-requests/${tradeId}`, { status: 'cancelled' })).statusCode,
    ).toBe(401);
    expect((await other.patch(`/api/trade-requests/${tradeId}`, { status: 'cancelled' })).statusCode).toBe(
      404,
    );
    const response = await owner.patch(`/api/trade-requests/${tradeId}`, { status: 'cancelled' });
    expect(response.statusCode).toBe(200);
    expect(response.json().cancelReason).toBeNull();
  });

  it('refuses a reason over 500 characters (400), and cancelling after a receipt (409)', async () => {
    const { owner, requester, tradeId } = await accepted();
    const long = await owner.patch(`/api/trade-requests/${tradeId}`, {
      status: 'cancelled',
      reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    await markTradeSent(t, tradeId);
    await requester.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true });
    const late = await owner.patch(`/api/trade-requests/${tradeId}`, { status: 'cancelled' });
    expect(late.statusCode).toBe(409);
  });

  it('a reason on a pending withdrawal is refused (400); the plain withdrawal works as before', async () => {
    const owner = await t.member();
    const requester = await t.member();
    const { id } = await requestTrade(owner, requester);
    expect(
      (await requester.patch(`/api/trade-requests/${id}`, { status: 'cancelled', reason: 'x' })).statusCode,
    ).toBe(400);
    const withdrawn = await requester.patch(`/api/trade-requests/${id}`, { status: 'cancelled' });
    expect(withdrawn.statusCode).toBe(200);
    const reliability = (await t.visitor().get(`/api/users/${requester.user?.id}/reliability`)).json();
    expect(reliability).toMatchObject({ acceptedTrades: 0, cancelledShare: null, isNew: true });
  });
});

describe('sweep: expiry and the claim window', () => {
  it('declines a pending request after PENDING_EXPIRY_DAYS, and tells both parties', async () => {
    const owner = await t.member();
    const requester = await t.member();
    const wanted = await listItem(owner, { title: 'Silk Scarf' });
    const offered = await listItem(requester);
    const { id } = (
      await requester.post('/api/trade-requests', { requestedItemId: wanted.id, offeredItemId: offered.id })
    ).json();
    await t.app.sweep.run(later(6));
    expect((await trade(requester, id)).status).toBe('pending');
    await t.app.sweep.run(later(7.1));
    expect((await trade(requester, id)).status).toBe('declined');
    expect(await availability(wanted.id, owner)).toBe('available');
    for (const client of [owner, requester])
      expect((await notes(client))[0]?.title).toBe('Barter request expired');
  });

  it('cancels an accepted trade nobody confirmed after ACCEPTED_EXPIRY_DAYS, blaming no one', async () => {
    const { owner, requester, wanted, tradeId } = await accepted();
    await t.app.sweep.run(later(20));
    expect((await trade(owner, tradeId)).status).toBe('accepted');
    await t.app.sweep.run(later(21.1));
    expect(await trade(owner, tradeId)).toMatchObject({ status: 'cancelled', cancelledById: null });
    expect(await availability(wanted.id, owner)).toBe('available');
    expect((await notes(requester))[0]?.title).toBe('Trade expired');
    const reliability = (await t.visitor().get(`/api/users/${owner.user?.id}/reliability`)).json();
    expect(reliability.cancelledShare).toBe(0);
  });

  it('completes the trade once the claim window passes after one receipt', async () => {
    const { owner, requester, wanted, tradeId } = await accepted();
    await markTradeSent(t, tradeId);
    const confirmed = (
      await requester.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true })
    ).json();
    expect(Date.parse(confirmed.claimDeadline) - Date.now()).toBeGreaterThan(2.9 * DAY_MS);
    await t.app.sweep.run(later(2.9));
    expect((await trade(owner, tradeId)).status).toBe('accepted');
    await t.app.sweep.run(later(3.1));
    expect((await trade(owner, tradeId)).status).toBe('completed');
    expect(await availability(wanted.id, owner)).toBe('traded');
    expect((await notes(owner))[0]?.title).toBe('Trade completed');
    const reliability = (await t.visitor().get(`/api/users/${requester.user?.id}/reliability`)).json();
    expect(reliability.completedTrades).toBe(1);
    expect(reliability.medianReceiptDays).toBe(0);
  });
});

describe('disputes', () => {
  it('the party still waiting opens a dispute with their photos; the trade freezes', async () => {
    const { owner, requester, tradeId } = await accepted();
    await markTradeSent(t, tradeId);
    await requester.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true });
    const photo = await uploadId(owner);
    const response = await owner.post(`/api/trade-requests/${tradeId}/dispute`, {
      reason: 'damaged',
      text: 'The boots arrived with a torn sole.',
      photoIds: [photo],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'disputed',
      dispute: { reason: 'damaged', photos: [`/images/${photo}`], openedById: owner.user?.id, outcome: null },
    });
    expect((await notes(requester))[0]?.title).toBe('Trade disputed');
    // Frozen: no confirmation, no cancel, and the sweep leaves it alone.
    await markTradeSent(t, tradeId);
    expect(
      (await owner.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true })).statusCode,
    ).toBe(409);
    expect((await owner.patch(`/api/trade-requests/${tradeId}`, { status: 'cancelled' })).statusCode).toBe(
      409,
    );
    await t.app.sweep.run(later(30));
    expect((await trade(owner, tradeId)).status).toBe('disputed');
  });

  it('refuses photos of someone else (400), more than 4 (400), the party who confirmed (409), a second dispute (409)', async () => {
    const { owner, requester, other, tradeId } = await accepted();
    await markTradeSent(t, tradeId);
    await requester.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true });
    const theirs = await uploadId(other);
    const body = { reason: 'not_received', text: 'Nothing came.' };
    expect(
      (await owner.post(`/api/trade-requests/${tradeId}/dispute`, { ...body, photoIds: [theirs] }))
        .statusCode,
    ).toBe(400);
    const five = Array.from({ length: 5 }, () => theirs);
    expect(
      (await owner.post(`/api/trade-requests/${tradeId}/dispute`, { ...body, photoIds: five })).statusCode,
    ).toBe(400);
    expect((await requester.post(`/api/trade-requests/${tradeId}/dispute`, body)).statusCode).toBe(409);
    expect((await other.post(`/api/trade-requests/${tradeId}/dispute`, body)).statusCode).toBe(404);
    expect((await t.visitor().post(`/api/trade-requests/${tradeId}/dispute`, body)).statusCode).toBe(401);
    expect((await owner.post(`/api/trade-requests/${tradeId}/dispute`, body)).statusCode).toBe(201);
    expect((await owner.post(`/api/trade-requests/${tradeId}/dispute`, body)).statusCode).toBe(409);
  });

  it('is too late once the claim window closed', async () => {
    const { owner, requester, tradeId } = await accepted();
    await markTradeSent(t, tradeId);
    await requester.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true });
    await t.db
      .update(tradeRequests)
      .set({ requesterReceivedAt: new Date(Date.now() - 4 * DAY_MS) })
      .where(eq(tradeRequests.id, tradeId));
    const response = await owner.post(`/api/trade-requests/${tradeId}/dispute`, {
      reason: 'other',
      text: 'x',
    });
    expect(response.statusCode).toBe(409);
  });

  it('a moderator resolves it as cancelled with a note both parties see; the party it was against lost it', async () => {
    const moderator = await t.member({ email: 'moderator@example.com', role: 'moderator' });
    const { owner, requester, wanted, tradeId } = await accepted();
    await owner.post(`/api/trade-requests/${tradeId}/dispute`, {
      reason: 'not_received',
      text: 'Never arrived.',
    });
    expect((await owner.get('/api/moderation/disputes')).statusCode).toBe(403);
    const [open] = (await moderator.get('/api/moderation/disputes')).json();
    expect(open).toMatchObject({ tradeId, reason: 'not_received', tradeStatus: 'disputed' });
    const resolved = await moderator.post(`/api/moderation/disputes/${open.id}/resolve`, {
      outcome: 'cancelled',
      note: 'No tracking number was ever provided.',
    });
    expect(resolved.statusCode).toBe(200);
    expect(await trade(owner, tradeId)).toMatchObject({
      status: 'cancelled',
      cancelledById: null,
      dispute: { outcome: 'cancelled', resolutionNote: 'No tracking number was ever provided.' },
    });
    expect(await availability(wanted.id, owner)).toBe('available');
    for (const client of [owner, requester]) {
      expect((await notes(client))[0]?.message).toContain('No tracking number was ever provided.');
    }
    const again = await moderator.post(`/api/moderation/disputes/${open.id}/resolve`, {
      outcome: 'completed',
      note: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect((await moderator.get('/api/moderation/disputes')).json()).toHaveLength(0);
    expect((await moderator.get('/api/moderation/disputes?status=resolved')).json()).toHaveLength(1);
    const lost = (await t.visitor().get(`/api/users/${requester.user?.id}/reliability`)).json();
    expect(lost).toMatchObject({ disputesLost: 1, cancelledShare: 0 });
  });

  it('a moderator resolving as completed trades both items; a party cannot resolve their own trade', async () => {
    const { owner, requester, wanted, tradeId } = await accepted();
    await requester.post(`/api/trade-requests/${tradeId}/dispute`, { reason: 'other', text: 'Unsure.' });
    const [open] = (await t.db.query.tradeDisputes.findMany()) as Array<{ id: string }>;
    const moderatorOwner = await t.member({ email: 'moderator@example.com', role: 'moderator' });
    expect(moderatorOwner.user).toBeDefined();
    const done = await moderatorOwner.post(`/api/moderation/disputes/${open?.id}/resolve`, {
      outcome: 'completed',
      note: 'Both items were delivered.',
    });
    expect(done.statusCode).toBe(200);
    expect((await trade(owner, tradeId)).status).toBe('completed');
    expect(await availability(wanted.id, owner)).toBe('traded');
    const record = (await t.visitor().get(`/api/users/${owner.user?.id}/reliability`)).json();
    expect(record).toMatchObject({ completedTrades: 1, disputesLost: 0 });
  });
});

describe('reliability', () => {
  it('says a member with no trades is new, and 404 for an unknown member', async () => {
    const member = await t.member();
    expect((await t.visitor().get(`/api/users/${member.user?.id}/reliability`)).json()).toEqual({
      completedTrades: 0,
      acceptedTrades: 0,
      cancelledShare: null,
      disputesLost: 0,
      medianReceiptDays: null,
      isNew: true,
    });
    const unknown = await t.visitor().get('/api/users/00000000-0000-4000-8000-000000000000/reliability');
    expect(unknown.statusCode).toBe(404);
  });

  it('takes the median of days from acceptance to the member’s own receipt', async () => {
    const { owner, requester, tradeId } = await accepted();
    await markTradeSent(t, tradeId);
    await owner.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true });
    await markTradeSent(t, tradeId);
    await requester.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true });
    await t.db
      .update(tradeRequests)
      .set({ acceptedAt: new Date(Date.now() - 4 * DAY_MS) })
      .where(eq(tradeRequests.id, tradeId));
    const record = (await t.visitor().get(`/api/users/${owner.user?.id}/reliability`)).json();
    expect(record).toMatchObject({ completedTrades: 1, medianReceiptDays: 4 });
  });
});
