import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../common/domain/trade-state';
import { notifications, tradeRequests } from '../../db/schema';
import { requestTrade } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const later = (days: number) => new Date(Date.now() + days * DAY_MS);

async function acceptedTrade() {
  const owner = await t.member({ firstName: 'Olivia' });
  const requester = await t.member({ firstName: 'Ravi' });
  const { id } = await requestTrade(owner, requester, { accept: true });
  return { owner, requester, id };
}

/** Moves the trade's acceptance `days` into the past (its shipping deadline with it). */
const acceptedDaysAgo = (id: string, days: number) =>
  t.db
    .update(tradeRequests)
    .set({ acceptedAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(tradeRequests.id, id));

const reminders = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, 'One day left to send your items')));

describe('GET /api/trade-requests/:id', () => {
  it('answers the parties only: a visitor 401, another member 404 (as an unknown id), a party the trade', async () => {
    const { owner, requester, id } = await acceptedTrade();
    const stranger = await t.member();
    expect((await t.visitor().get(`/api/trade-requests/${id}`)).statusCode).toBe(401);
    const hidden = await stranger.get(`/api/trade-requests/${id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('trade.not_found');
    expect((await owner.get('/api/trade-requests/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    for (const party of [owner, requester]) {
      const answer = await party.get(`/api/trade-requests/${id}`);
      expect(answer.statusCode).toBe(200);
      const [listed] = (await party.get('/api/trade-requests')).json();
      const { history, ...trade } = answer.json();
      expect(trade).toEqual(listed);
      expect(history.map((step: { event: string }) => step.event)).toEqual(['requested', 'accepted']);
    }
  });

  it('tells the history in order: request, acceptance, sending, receipts, completion', async () => {
    const { owner, requester, id } = await acceptedTrade();
    expect((await requester.post(`/api/trade-requests/${id}/sent`, {})).statusCode).toBe(200);
    const shipped = await owner.post(`/api/trade-requests/${id}/shipment`, {
      carrier: 'dhl',
      trackingNumber: 'JD 0146 0000 1234',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().ownerSentAt).not.toBeNull();
    await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
    await requester.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
    const detail = (await owner.get(`/api/trade-requests/${id}`)).json();
    expect(detail.status).toBe('completed');
    expect(
      detail.history.map((step: { event: string; actorId: string | null }) => [step.event, step.actorId]),
    ).toEqual([
      ['requested', requester.user?.id],
      ['accepted', owner.user?.id],
      ['sent', requester.user?.id],
      ['sent', owner.user?.id],
      ['received', owner.user?.id],
      ['received', requester.user?.id],
      ['completed', null],
    ]);
    expect(Date.parse(detail.shipBy) - Date.parse(detail.acceptedAt)).toBe(5 * DAY_MS);
  });
});

describe('deliberate receipt', () => {
  it('needs {asDescribed: true} (400) and answers 409 before the partner sent; then confirms', async () => {
    const { owner, requester, id } = await acceptedTrade();
    expect((await owner.post(`/api/trade-requests/${id}/received`, {})).statusCode).toBe(400);
    expect((await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: false })).statusCode).toBe(
      400,
    );
    const early = await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('trade.partner_not_sent');
    // The owner's own sending does not open their receipt: the requester's does.
    await owner.post(`/api/trade-requests/${id}/sent`, {});
    expect((await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true })).statusCode).toBe(
      409,
    );
    await requester.post(`/api/trade-requests/${id}/sent`, {});
    const confirmed = await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().ownerReceived).toBe(true);
  });

  it('opens once the partner’s deadline passed without a word', async () => {
    const { owner, id } = await acceptedTrade();
    await acceptedDaysAgo(id, 5.1);
    expect((await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true })).statusCode).toBe(
      200,
    );
  });

  it('marking sent is for parties of an accepted trade only', async () => {
    const owner = await t.member();
    const requester = await t.member();
    const { id } = await requestTrade(owner, requester);
    const stranger = await t.member();
    expect((await t.visitor().post(`/api/trade-requests/${id}/sent`, {})).statusCode).toBe(401);
    expect((await stranger.post(`/api/trade-requests/${id}/sent`, {})).statusCode).toBe(404);
    const pending = await requester.post(`/api/trade-requests/${id}/sent`, {});
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('trade.sending_closed');
  });
});

describe('shipping deadlines', () => {
  it('reminds each sender who has not sent, once, a day before the deadline (notification and email)', async () => {
    const { owner, requester, id } = await acceptedTrade();
    await requester.post(`/api/trade-requests/${id}/sent`, {});
    await t.app.sweep.run(later(3));
    expect(await reminders(memberIdOf(owner))).toHaveLength(0);
    await t.app.sweep.run(later(4.5));
    await t.app.sweep.run(later(4.6));
    await Promise.all([t.app.sweep.run(later(4.7)), t.app.sweep.run(later(4.7))]);
    const sent = await reminders(memberIdOf(owner));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ emailType: 'tradeAccepted', link: `/trades/${id}` });
    expect(await reminders(memberIdOf(requester))).toHaveLength(0);
  });

  it('past the deadline, the partner cancels at no reliability cost and the late sender carries it', async () => {
    const { owner, requester, id } = await acceptedTrade();
    await owner.post(`/api/trade-requests/${id}/sent`, {});
    await acceptedDaysAgo(id, 6);
    const cancelled = await owner.patch(`/api/trade-requests/${id}`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    const [row] = await t.db.select().from(tradeRequests).where(eq(tradeRequests.id, id));
    expect(row).toMatchObject({ cancelExcused: true, lateSenderId: memberIdOf(requester) });
    const reliability = async (member: typeof owner) =>
      (await t.visitor().get(`/api/users/${memberIdOf(member)}/reliability`)).json();
    expect(await reliability(owner)).toMatchObject({ acceptedTrades: 1, cancelledShare: 0 });
    expect(await reliability(requester)).toMatchObject({ acceptedTrades: 1, cancelledShare: 1 });
  });

  it('before the deadline, cancelling still costs the canceller', async () => {
    const { owner, requester, id } = await acceptedTrade();
    await acceptedDaysAgo(id, 2);
    await owner.patch(`/api/trade-requests/${id}`, { status: 'cancelled' });
    const reliability = async (member: typeof owner) =>
      (await t.visitor().get(`/api/users/${memberIdOf(member)}/reliability`)).json();
    expect(await reliability(owner)).toMatchObject({ cancelledShare: 1 });
    expect(await reliability(requester)).toMatchObject({ cancelledShare: 0 });
  });
});

function memberIdOf(client: { user?: { id: string } | undefined }) {
  if (!client.user) throw new Error('signed-in member expected');
  return client.user.id;
}
