import { eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, reports, rings, tradeDisputes, users } from '../../db/schema';
import { buildItem, buildTrade } from '../../test-support/builders';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';
const id = (client: TestClient) => client.user?.id ?? '';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('admin console reads', () => {
  it('answers visitors 401 and members and moderators 403, like the other admin routes', async () => {
    const member = await t.member();
    const moderator = await t.member({ role: 'moderator' });
    const admin = await t.member({ role: 'admin' });
    for (const url of ['/api/admin/stats', `/api/admin/members/${id(member)}`]) {
      expect((await t.visitor().get(url)).statusCode).toBe(401);
      expect((await member.get(url)).statusCode).toBe(403);
      expect((await moderator.get(url)).statusCode).toBe(403);
      expect((await admin.get(url)).statusCode).toBe(200);
    }
    expect((await member.get(`/api/admin/members/${id(member)}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/admin/members/${unknown}`)).statusCode).toBe(404);
    expect((await admin.get('/api/admin/members/not-an-id')).statusCode).toBe(400);
    // The client shows the console's link and routes from the member's own record.
    expect((await admin.get('/api/auth/user')).json()).toMatchObject({ isModerator: true, isAdmin: true });
    expect((await moderator.get('/api/auth/user')).json()).toMatchObject({
      isModerator: true,
      isAdmin: false,
    });
    expect((await member.get('/api/auth/user')).json()).toMatchObject({ isAdmin: false });
  });

  it('counts weekly activity, open reports and disputes and the median time to resolve a report', async () => {
    const admin = await t.member({ role: 'admin' });
    const { owner, requester, trade } = await buildTrade(t, { status: 'completed' });
    const old = await t.member();
    // Every member joined this week, but `old` three weeks ago; an item listed 13 weeks ago is not counted.
    await t.db
      .update(users)
      .set({ createdAt: ago(21 * DAY) })
      .where(eq(users.id, id(old)));
    await buildItem(t, old, { createdAt: ago(13 * 7 * DAY) });
    await t.db.insert(rings).values([
      { score: 1, status: 'completed', expiresAt: new Date(), completedAt: ago(14 * DAY) },
      { score: 1, status: 'completed', expiresAt: new Date(), completedAt: ago(20 * 7 * DAY) },
      { score: 1, status: 'proposed', expiresAt: new Date() },
    ]);
    const report = (over: Partial<typeof reports.$inferInsert>) => ({
      reporterId: id(requester),
      targetType: 'user' as const,
      targetId: id(owner),
      reason: 'spam' as const,
      ...over,
    });
    await t.db.insert(reports).values([
      report({}),
      report({ reporterId: id(admin) }),
      report({ status: 'resolved', createdAt: ago(10 * DAY), resolvedAt: ago(10 * DAY - 2 * HOUR) }),
      report({ status: 'resolved', createdAt: ago(5 * DAY), resolvedAt: ago(5 * DAY - 4 * HOUR) }),
      // Resolved more than 90 days ago: outside the median.
      report({ status: 'resolved', createdAt: ago(120 * DAY), resolvedAt: ago(100 * DAY) }),
    ]);
    await t.db.insert(tradeDisputes).values({
      tradeRequestId: trade.id,
      openedById: id(owner),
      againstId: id(requester),
      reason: 'not_received',
      text: 'Nothing came',
    });

    const response = await admin.get('/api/admin/stats');
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    expect(stats.weeks).toHaveLength(12);
    const thisWeek = stats.weeks[11];
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    expect(thisWeek.week).toBe(monday.toISOString().slice(0, 10));
    expect(thisWeek).toMatchObject({ newMembers: 3, newListings: 2, completedSwaps: 1, completedRings: 0 });
    expect(stats.weeks[8]).toMatchObject({ newMembers: 1, newListings: 0 });
    expect(stats.weeks[9]).toMatchObject({ completedRings: 1 });
    const totals = (key: string) =>
      stats.weeks.reduce((n: number, w: Record<string, number>) => n + (w[key] ?? 0), 0);
    expect([
      totals('newMembers'),
      totals('newListings'),
      totals('completedSwaps'),
      totals('completedRings'),
    ]).toEqual([4, 2, 1, 1]);
    expect(stats).toMatchObject({
      openReports: 2,
      openDisputes: 1,
      medianReportResolutionSeconds: 3 * 3600,
      reportsResolved: 2,
    });
  });

  it('answers zeros and no median for an empty community', async () => {
    const admin = await t.member({ role: 'admin' });
    await t.db
      .update(users)
      .set({ createdAt: ago(365 * DAY) })
      .where(ne(users.id, unknown));
    const stats = (await admin.get('/api/admin/stats')).json();
    expect(
      stats.weeks.every((w: Record<string, number>) => w.newMembers === 0 && w.completedSwaps === 0),
    ).toBe(true);
    expect(stats).toMatchObject({ openReports: 0, openDisputes: 0, medianReportResolutionSeconds: null });
  });

  it("shows a member's profile, status, listings, trades, reports and audit entries", async () => {
    const admin = await t.member({ role: 'admin' });
    const moderator = await t.member({ role: 'moderator' });
    const { owner, requester, wanted } = await buildTrade(t, { status: 'completed' });
    const removed = await buildItem(t, owner, { title: 'Fake Bag' });
    await t.db.update(items).set({ deletedAt: new Date(), isActive: false }).where(eq(items.id, wanted.id));
    expect(
      (
        await moderator.post(`/api/moderation/items/${removed.id}/removal`, {
          reason: 'counterfeit',
          note: 'Logo',
        })
      ).statusCode,
    ).toBe(201);
    await t.db.insert(reports).values([
      { reporterId: id(requester), targetType: 'user', targetId: id(owner), reason: 'scam' },
      {
        reporterId: id(owner),
        targetType: 'user',
        targetId: id(requester),
        reason: 'offensive',
        details: 'Rude',
      },
    ]);
    expect(
      (await moderator.post(`/api/moderation/members/${id(owner)}/suspension`, { reason: 'scam', days: 7 }))
        .statusCode,
    ).toBe(201);

    // The directory counts the same member's listings (not deleted), accepted trades and reports.
    const found = (
      await admin.get(`/api/admin/members?q=${encodeURIComponent(owner.user?.email ?? '')}`)
    ).json();
    expect(found.members).toMatchObject([
      { id: id(owner), status: 'suspended', counts: { listings: 1, trades: 1, reportsAgainst: 1 } },
    ]);

    const response = await admin.get(`/api/admin/members/${id(owner)}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.profile).toMatchObject({ id: id(owner), email: owner.user?.email });
    expect(detail).toMatchObject({ role: 'member', status: 'suspended' });
    expect(detail.suspension).toMatchObject({ reason: 'scam' });
    expect(new Date(detail.suspension.until).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(detail.listings.map((l: { title: string; state: string }) => [l.title, l.state]).sort()).toEqual([
      ['Fake Bag', 'removed'],
      ['Wool Coat', 'deleted'],
    ]);
    expect(detail.listings.find((l: { state: string }) => l.state === 'removed').removal).toEqual({
      reason: 'counterfeit',
      note: 'Logo',
    });
    expect(detail.trades).toMatchObject([
      { status: 'completed', asOwner: true, partner: { id: id(requester) }, requestedTitle: 'Wool Coat' },
    ]);
    expect(detail.reliability).toMatchObject({ completedTrades: 1 });
    expect(detail.reportsAgainst).toMatchObject([{ reason: 'scam', reporter: { id: id(requester) } }]);
    expect(detail.reportsBy).toMatchObject([
      { reason: 'offensive', targetId: id(requester), details: 'Rude' },
    ]);
    expect(detail.audit.map((e: { action: string }) => e.action)).toEqual([
      'member.suspended',
      'item.removed',
    ]);
    expect(JSON.stringify(detail)).not.toContain('passwordHash');
  });
});
