import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, moderationActions, tradeRequests } from '../../db/schema';
import { listItem, requestTrade } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const unknown = '00000000-0000-4000-8000-000000000000';
const id = (client: TestClient) => client.user?.id ?? '';

async function notifications(client: TestClient) {
  return JSON.stringify((await client.get('/api/notifications')).json());
}

async function tradeStatus(tradeId: string) {
  const [row] = await t.db
    .select({ status: tradeRequests.status })
    .from(tradeRequests)
    .where(eq(tradeRequests.id, tradeId));
  return row?.status;
}

async function audit(admin: TestClient, query = '') {
  const response = await admin.get(`/api/admin/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entries as Array<{ action: string; targetId: string; actor: { id: string } | null }>;
}

describe('moderation permissions', () => {
  it('refuses visitors (401), members (403) and, on admin routes, moderators (403)', async () => {
    const member = await t.member();
    const moderator = await t.member({ role: 'moderator' });
    const visitor = t.visitor();
    const moderatorRoutes: Array<(c: TestClient) => ReturnType<TestClient['get']>> = [
      (c) => c.post(`/api/moderation/items/${unknown}/removal`, { reason: 'spam' }),
      (c) => c.delete(`/api/moderation/items/${unknown}/removal`),
      (c) => c.post(`/api/moderation/members/${unknown}/suspension`, { reason: 'scam' }),
      (c) => c.delete(`/api/moderation/members/${unknown}/suspension`),
      (c) => c.post(`/api/moderation/members/${unknown}/warnings`, { message: 'Careful' }),
      (c) => c.get('/api/moderation/queue'),
      (c) => c.post('/api/moderation/reports/dismissal', { targetType: 'item', targetId: unknown }),
      (c) => c.get('/api/moderation/appeals'),
      (c) => c.post(`/api/moderation/appeals/${unknown}/decision`, { decision: 'granted' }),
    ];
    const adminRoutes: typeof moderatorRoutes = [
      (c) => c.get('/api/admin/members?q=a'),
      (c) => c.put(`/api/admin/members/${unknown}/role`, { role: 'moderator' }),
      (c) => c.get('/api/admin/audit'),
    ];
    for (const route of [...moderatorRoutes, ...adminRoutes]) {
      expect((await route(visitor)).statusCode).toBe(401);
      expect((await route(member)).statusCode).toBe(403);
    }
    for (const route of adminRoutes) expect((await route(moderator)).statusCode).toBe(403);
    expect((await visitor.get('/api/users/moderation')).statusCode).toBe(401);
    expect(
      (await visitor.post('/api/appeals', { targetType: 'item', targetId: unknown, text: 'x' })).statusCode,
    ).toBe(401);
  });

  it('answers hostile input with 4xx and changes nothing', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const admin = await t.member({ role: 'admin' });
    const seller = await t.member();
    const item = await listItem(seller);
    const bad: Array<[ReturnType<TestClient['get']>, number]> = [
      [moderator.post(`/api/moderation/items/${item.id}/removal`, { reason: 'boring' }), 400],
      [
        moderator.post(`/api/moderation/items/${item.id}/removal`, {
          reason: 'spam',
          note: 'x'.repeat(1001),
        }),
        400,
      ],
      [moderator.post(`/api/moderation/items/${item.id}/removal`, { reason: 'spam', extra: 1 }), 400],
      [moderator.post('/api/moderation/items/not-an-id/removal', { reason: 'spam' }), 400],
      [moderator.post(`/api/moderation/items/${unknown}/removal`, { reason: 'spam' }), 404],
      [moderator.delete(`/api/moderation/items/${item.id}/removal`), 409],
      [moderator.post(`/api/moderation/members/${id(seller)}/suspension`, { reason: 'scam', days: 0 }), 400],
      [
        moderator.post(`/api/moderation/members/${id(seller)}/suspension`, { reason: 'scam', days: 1.5 }),
        400,
      ],
      [
        moderator.post(`/api/moderation/members/${id(seller)}/suspension`, { reason: 'scam', days: '3' }),
        400,
      ],
      [moderator.post(`/api/moderation/members/${id(moderator)}/suspension`, { reason: 'scam' }), 400],
      [moderator.post(`/api/moderation/members/${id(admin)}/suspension`, { reason: 'scam' }), 403],
      [moderator.post(`/api/moderation/members/${unknown}/suspension`, { reason: 'scam' }), 404],
      [moderator.delete(`/api/moderation/members/${id(seller)}/suspension`), 409],
      [moderator.post(`/api/moderation/members/${id(seller)}/warnings`, { message: '   ' }), 400],
      [moderator.get('/api/moderation/queue?kind=everything'), 400],
      [admin.put(`/api/admin/members/${id(seller)}/role`, { role: 'owner' }), 400],
      [admin.get('/api/admin/members?page=0'), 400],
      [admin.get('/api/admin/audit?action=item.burned'), 400],
      [seller.post('/api/appeals', { targetType: 'item', targetId: item.id, text: 'Why?' }), 409],
      [seller.post('/api/appeals', { targetType: 'member', targetId: id(seller), text: 'Why?' }), 409],
      [
        t.visitor().post('/api/appeals', {
          targetType: 'member',
          targetId: id(seller),
          text: 'x',
          appealToken: 'a.b.c.d',
        }),
        403,
      ],
    ];
    for (const [response, status] of bad) {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(status);
    }
    expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(200);
    expect(await audit(admin)).toEqual([]);
  });
});

describe('removing a listing', () => {
  it('takes it out of every public answer, closes its requests, and tells its owner why', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const admin = await t.member({ role: 'admin' });
    const seller = await t.member({ firstName: 'Sam' });
    const buyer = await t.member({ firstName: 'Bea' });
    const trade = await requestTrade(seller, buyer);
    const item = trade.wanted;

    const removed = await moderator.post(`/api/moderation/items/${item.id}/removal`, {
      reason: 'counterfeit',
      note: 'The logo is fake',
    });
    expect(removed.statusCode, removed.body).toBe(201);
    expect(
      (await moderator.post(`/api/moderation/items/${item.id}/removal`, { reason: 'spam' })).statusCode,
    ).toBe(409);

    expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await buyer.get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await t.visitor().get('/api/items')).body).not.toContain(item.id);
    expect((await t.visitor().get(`/api/items?search=${encodeURIComponent(item.title)}`)).body).not.toContain(
      item.id,
    );
    expect((await t.visitor().get(`/api/users/${id(seller)}/items`)).body).not.toContain(item.id);
    const own = (await seller.get(`/api/items/${item.id}`)).json();
    expect(own.moderation).toEqual({ removalReason: 'counterfeit', removalNote: 'The logo is fake' });
    expect((await seller.patch(`/api/items/${item.id}`, { isActive: true })).statusCode).toBe(409);

    expect(await tradeStatus(trade.id)).toBe('declined');
    expect(await notifications(buyer)).toContain('declined');
    expect(await notifications(seller)).toContain('Your listing was removed');

    const mine = (await seller.get('/api/users/moderation')).json();
    expect(mine[0]).toMatchObject({
      action: 'item.removed',
      targetId: item.id,
      reason: 'counterfeit',
      appealable: true,
    });
    expect(JSON.stringify(mine)).not.toContain(id(moderator));
    const entries = await audit(admin, `?targetId=${item.id}`);
    expect(entries).toMatchObject([{ action: 'item.removed', actor: { id: id(moderator) } }]);

    // The owner appeals once; granting it restores the listing.
    expect(
      (await seller.post('/api/appeals', { targetType: 'item', targetId: item.id, text: 'It is genuine' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await seller.post('/api/appeals', { targetType: 'item', targetId: item.id, text: 'Again' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await buyer.post('/api/appeals', { targetType: 'item', targetId: item.id, text: 'Not mine' }))
        .statusCode,
    ).toBe(404);
    const appeals = (await moderator.get('/api/moderation/appeals')).json();
    expect(appeals).toMatchObject([
      { targetId: item.id, text: 'It is genuine', sanction: { reason: 'counterfeit' } },
    ]);
    expect(
      (await moderator.post(`/api/moderation/appeals/${appeals[0].id}/decision`, { decision: 'granted' }))
        .statusCode,
    ).toBe(201);
    expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(200);
    expect((await t.visitor().get('/api/items')).body).toContain(item.id);
    expect((await seller.get(`/api/items/${item.id}`)).json().moderation).toBeUndefined();
    expect((await audit(admin)).map((entry) => entry.action)).toEqual(['appeal.granted', 'item.removed']);
  });

  it('restores only what the owner had listed', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const seller = await t.member();
    const item = await listItem(seller);
    await seller.patch(`/api/items/${item.id}`, { isActive: false });
    expect(
      (await moderator.post(`/api/moderation/items/${item.id}/removal`, { reason: 'spam' })).statusCode,
    ).toBe(201);
    expect((await moderator.delete(`/api/moderation/items/${item.id}/removal`)).statusCode).toBe(204);
    expect((await seller.get(`/api/items/${item.id}`)).json().isActive).toBe(false);
    expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect(await notifications(seller)).toContain('Your listing is back');
  });
});

describe('suspending a member', () => {
  it('ends their sessions, refuses their sign-in with the reason, hides their listings, closes requests and excuses partners', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const admin = await t.member({ role: 'admin' });
    const suspect = await t.member({
      firstName: 'Sly',
      email: 'sly@example.com',
      password: 'secret-password',
    });
    const partner = await t.member({ firstName: 'Pat' });
    const requester = await t.member({ firstName: 'Ray' });
    const accepted = await requestTrade(suspect, partner, { accept: true });
    const pending = await requestTrade(suspect, requester);
    const other = await listItem(suspect);

    const suspended = await moderator.post(`/api/moderation/members/${id(suspect)}/suspension`, {
      reason: 'scam',
      days: 7,
      note: 'Several scams',
    });
    expect(suspended.statusCode, suspended.body).toBe(201);
    expect((await suspect.get('/api/auth/user')).statusCode).toBe(401);

    const login = await t
      .visitor()
      .post('/api/auth/login', { email: 'sly@example.com', password: 'secret-password' });
    expect(login.statusCode).toBe(403);
    const refusal = login.json();
    expect(refusal.message).toMatch(/suspended until/);
    expect(refusal.suspension).toMatchObject({ reason: 'scam', note: 'Several scams' });
    expect(Date.parse(refusal.suspension.until)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const wrong = await t
      .visitor()
      .post('/api/auth/login', { email: 'sly@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().suspension).toBeUndefined();

    expect((await t.visitor().get(`/api/items/${other.id}`)).statusCode).toBe(404);
    expect((await t.visitor().get('/api/items')).body).not.toContain(other.id);
    expect(await tradeStatus(pending.id)).toBe('declined');
    expect(await notifications(partner)).toContain('A trading partner was suspended');

    // The partner cancels the accepted trade at no cost to their reliability.
    expect(
      (await partner.patch(`/api/trade-requests/${accepted.id}`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    expect((await t.visitor().get(`/api/users/${id(partner)}/reliability`)).json().cancelledShare).toBe(0);

    // They appeal with the token of the refused sign-in, once.
    const appeal = {
      targetType: 'member',
      targetId: id(suspect),
      text: 'I did nothing',
      appealToken: refusal.suspension.appealToken,
    };
    expect((await t.visitor().post('/api/appeals', appeal)).statusCode).toBe(201);
    expect((await t.visitor().post('/api/appeals', appeal)).statusCode).toBe(409);
    expect((await t.visitor().post('/api/appeals', { ...appeal, targetId: id(partner) })).statusCode).toBe(
      404,
    );

    expect((await moderator.delete(`/api/moderation/members/${id(suspect)}/suspension`)).statusCode).toBe(
      204,
    );
    expect((await t.visitor().get(`/api/items/${other.id}`)).statusCode).toBe(200);
    const back = await t
      .visitor()
      .post('/api/auth/login', { email: 'sly@example.com', password: 'secret-password' });
    expect(back.statusCode).toBe(200);
    expect((await audit(admin, `?subjectId=${id(suspect)}`)).map((e) => e.action)).toEqual([
      'member.unsuspended',
      'member.suspended',
    ]);
  });

  it('ends by itself: sign-in works once the end passes, and the sweep gives the listings back', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const suspect = await t.member({ email: 'short@example.com', password: 'secret-password' });
    const item = await listItem(suspect);
    await moderator.post(`/api/moderation/members/${id(suspect)}/suspension`, { reason: 'spam', days: 1 });
    await t.app.sweep.run(new Date(Date.now() + 2 * 86_400_000));
    expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(200);
    const mine = (await suspect.get('/api/users/moderation')).statusCode;
    expect(mine).toBe(401);
  });
});

describe('warnings, reports and the queue', () => {
  it('a warning reaches the member in notifications and on their account', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const member = await t.member();
    expect(
      (await moderator.post(`/api/moderation/members/${id(member)}/warnings`, { message: 'Be kind in chat' }))
        .statusCode,
    ).toBe(201);
    expect(await notifications(member)).toContain('Be kind in chat');
    expect((await member.get('/api/users/moderation')).json()).toMatchObject([
      { action: 'member.warned', details: { message: 'Be kind in chat' }, appealable: false },
    ]);
  });

  it('hides a listing reported by 3 members within a day until a moderator looks', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const seller = await t.member();
    const item = await listItem(seller);
    for (let i = 0; i < 3; i++) {
      const reporter = await t.member();
      expect(
        (await reporter.post('/api/reports', { targetType: 'item', targetId: item.id, reason: 'spam' }))
          .statusCode,
      ).toBe(201);
      expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(i < 2 ? 200 : 404);
    }
    const queue = (await moderator.get('/api/moderation/queue?kind=item')).json();
    expect(queue).toMatchObject([
      { targetId: item.id, reports: [{}, {}, {}], item: { hiddenByReports: true } },
    ]);
    expect(queue[0].subject.id).toBe(id(seller));
    expect((await moderator.get('/api/moderation/queue?kind=user')).json()).toEqual([]);
    expect(
      (await moderator.post('/api/moderation/reports/dismissal', { targetType: 'item', targetId: item.id }))
        .statusCode,
    ).toBe(201);
    expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(200);
    expect((await moderator.get('/api/moderation/queue')).json()).toEqual([]);
  });
});

describe('the queue card of a listing whose owner is suspended', () => {
  it('says the owner is suspended, so that the card offers Lift rather than Suspend again', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const seller = await t.member();
    const item = await listItem(seller);
    const reporter = await t.member();
    expect(
      (await reporter.post('/api/reports', { targetType: 'item', targetId: item.id, reason: 'counterfeit' }))
        .statusCode,
    ).toBe(201);
    expect((await moderator.get('/api/moderation/queue')).json()).toMatchObject([
      { targetId: item.id, member: { suspended: false } },
    ]);
    expect(
      (await moderator.post(`/api/moderation/members/${id(seller)}/suspension`, { reason: 'counterfeit' }))
        .statusCode,
    ).toBe(201);
    expect((await moderator.get('/api/moderation/queue')).json()).toMatchObject([
      { targetId: item.id, member: { suspended: true, suspendedUntil: null } },
    ]);
  });
});

describe('roles and the audit log', () => {
  it('admins set roles and search members; the last admin stays', async () => {
    const admin = await t.member({ role: 'admin', firstName: 'Ada' });
    const member = await t.member({ firstName: 'Zed', email: 'zed_1@example.com' });
    expect((await admin.put(`/api/admin/members/${id(member)}/role`, { role: 'moderator' })).statusCode).toBe(
      200,
    );
    expect((await member.get('/api/moderation/queue')).statusCode).toBe(200);
    expect((await admin.put(`/api/admin/members/${id(admin)}/role`, { role: 'member' })).statusCode).toBe(
      409,
    );
    const found = (await admin.get('/api/admin/members?q=ZED_')).json();
    expect(found.members).toMatchObject([{ id: id(member), role: 'moderator', status: 'active' }]);
    expect((await admin.get('/api/admin/members?q=%25')).json().members).toEqual([]);
    expect((await admin.put(`/api/admin/members/${id(member)}/role`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect((await member.put(`/api/admin/members/${id(admin)}/role`, { role: 'member' })).statusCode).toBe(
      200,
    );
    expect((await admin.get('/api/admin/audit')).statusCode).toBe(403);
    const entries = await audit(member, '?action=member.role-changed');
    expect(entries).toHaveLength(3);
  });

  it('is append-only', async () => {
    const moderator = await t.member({ role: 'moderator' });
    const member = await t.member();
    await moderator.post(`/api/moderation/members/${id(member)}/warnings`, { message: 'Careful' });
    await expect(t.db.update(moderationActions).set({ note: 'rewritten' })).rejects.toThrow();
    await expect(t.db.delete(moderationActions)).rejects.toThrow();
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(moderationActions);
    expect(row?.n).toBe(1);
    const [item] = await t.db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.userId, id(member)));
    expect(item).toBeUndefined();
  });
});
