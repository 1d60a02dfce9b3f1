import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ring } from '../../../common/api/rings';
import { DAY_MS } from '../../../common/domain/trade-state';
import { notifications, rings } from '../../db/schema';
import { acceptedRing } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const later = (days: number) => new Date(Date.now() + days * DAY_MS);
const ringOf = async (member: TestClient, id: string) =>
  (await member.get(`/api/rings/${id}`)).json() as Ring;
const idOf = (member: TestClient) => member.user?.id as string;

describe('swap ring legs: sending, deliberate receipt and deadlines', () => {
  it('shows each leg’s state to members only; a giver marks their leg sent, opening that receipt only', async () => {
    const { ana, ben, cleo, ring } = await acceptedRing(t);
    const stranger = await t.member();
    expect((await stranger.get(`/api/rings/${ring.id}`)).statusCode).toBe(404);
    expect((await t.visitor().get(`/api/rings/${ring.id}`)).statusCode).toBe(401);
    expect((await stranger.post(`/api/rings/${ring.id}/sent`, {})).statusCode).toBe(404);
    const before = await ringOf(ana, ring.id);
    expect(before.shipBy).not.toBeNull();
    expect(before.legs.every((leg) => leg.sentAt === null && !leg.late && leg.receivedAt === null)).toBe(
      true,
    );

    const anaGets = before.legs[before.myGetLeg];
    if (!anaGets) throw new Error('no leg');
    const giver = [ana, ben, cleo].find((member) => idOf(member) === anaGets.giver.id) as TestClient;
    const early = await ana.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('rings.giver_not_sent');
    expect((await ana.post(`/api/rings/${ring.id}/received`, {})).statusCode).toBe(400);

    expect((await giver.post(`/api/rings/${ring.id}/sent`, {})).statusCode).toBe(200);
    const after = await ringOf(ana, ring.id);
    expect(after.legs[after.myGetLeg]?.sentAt).not.toBeNull();
    const received = await ana.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
    expect(received.statusCode).toBe(200);
    expect((received.json() as Ring).legs[after.myGetLeg]?.receivedAt).not.toBeNull();
    // Other legs are still closed to their receivers.
    const others = [ben, cleo].filter((member) => member !== giver);
    for (const member of others) {
      const mine = await ringOf(member, ring.id);
      if (mine.legs[mine.myGetLeg]?.sentAt === null)
        expect((await member.post(`/api/rings/${ring.id}/received`, { asDescribed: true })).statusCode).toBe(
          409,
        );
    }
  });

  it('reminds each giver who has not sent once, and past the deadline another member backs out at no cost', async () => {
    const { ana, ben, cleo, ring } = await acceptedRing(t);
    await ana.post(`/api/rings/${ring.id}/sent`, {});
    await t.app.sweep.run(later(4.5));
    await t.app.sweep.run(later(4.6));
    const reminded = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.title, 'One day left to send your item'),
          eq(notifications.link, `/rings/${ring.id}`),
        ),
      );
    expect(reminded.map((row) => row.userId).sort()).toEqual([idOf(ben), idOf(cleo)].sort());

    await t.db
      .update(rings)
      .set({ acceptedAt: new Date(Date.now() - 6 * DAY_MS) })
      .where(eq(rings.id, ring.id));
    const view = await ringOf(ana, ring.id);
    expect(
      view.legs
        .filter((leg) => leg.late)
        .map((leg) => leg.giver.id)
        .sort(),
    ).toEqual([idOf(ben), idOf(cleo)].sort());
    expect((await ana.patch(`/api/rings/${ring.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const reliability = async (member: TestClient) =>
      (await t.visitor().get(`/api/users/${idOf(member)}/reliability`)).json();
    expect(await reliability(ana)).toMatchObject({ acceptedTrades: 1, cancelledShare: 0 });
    const [row] = await t.db.select().from(rings).where(eq(rings.id, ring.id));
    expect([idOf(ben), idOf(cleo)]).toContain(row?.lateGiverId);
    expect(
      await reliability([ben, cleo].find((m) => idOf(m) === row?.lateGiverId) as TestClient),
    ).toMatchObject({
      cancelledShare: 1,
    });
  });
});
