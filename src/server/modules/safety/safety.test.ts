import { markTradeSent } from '../../test-support/builders';
import { describe, expect, it } from 'vitest';
import { listItem } from '../../test-support/fixtures';
import { acceptedRing } from '../../test-support/rings';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

describe('blocking', () => {
  it('stops messages and trade requests between the two members, both ways, until unblocked', async () => {
    const ana = await t.member();
    const ben = await t.member();
    const anaItem = await listItem(ana);
    const benItem = await listItem(ben);
    const conversation = (
      await ben.post('/api/conversations/find-or-create', { otherUserId: ana.user?.id })
    ).json();

    expect((await ana.post('/api/blocks', { userId: ben.user?.id })).statusCode).toBe(201);
    expect((await ana.post('/api/blocks', { userId: ben.user?.id })).statusCode).toBe(201);
    const message = await ben.post('/api/messages', { conversationId: conversation.id, content: 'hello?' });
    expect(message.statusCode).toBe(403);
    expect(message.json().message).toBe('You cannot contact this member');
    expect(
      (await ben.post('/api/conversations/find-or-create', { otherUserId: ana.user?.id })).statusCode,
    ).toBe(403);
    expect(
      (await ben.post('/api/trade-requests', { requestedItemId: anaItem.id, offeredItemId: benItem.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ana.post('/api/trade-requests', { requestedItemId: benItem.id, offeredItemId: anaItem.id }))
        .statusCode,
    ).toBe(403);
    expect((await ana.get('/api/blocks')).json()[0].user.id).toBe(ben.user?.id);
    expect((await ben.get('/api/blocks')).json()).toEqual([]);

    expect((await ana.delete(`/api/blocks/${ben.user?.id}`)).statusCode).toBe(204);
    expect(
      (await ben.post('/api/messages', { conversationId: conversation.id, content: 'hello again' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses visitors, yourself and unknown members', async () => {
    const ana = await t.member();
    expect((await t.visitor().post('/api/blocks', { userId: ana.user?.id })).statusCode).toBe(401);
    expect((await t.visitor().get('/api/blocks')).statusCode).toBe(401);
    expect((await ana.post('/api/blocks', { userId: ana.user?.id })).statusCode).toBe(400);
    expect(
      (await ana.post('/api/blocks', { userId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});

describe('reports and moderation', () => {
  it('stores reports for moderators, who can resolve them; nobody else can read them', async () => {
    const reporter = await t.member({ firstName: 'Rita' });
    const seller = await t.member({ firstName: 'Sam' });
    const moderator = await t.member({ role: 'moderator' });
    const item = await listItem(seller, { title: 'Suspicious Bag' });
    expect(
      (
        await reporter.post('/api/reports', {
          targetType: 'item',
          targetId: item.id,
          reason: 'counterfeit',
          details: 'Logo is wrong',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await reporter.post('/api/reports', { targetType: 'item', targetId: item.id, reason: 'counterfeit' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await reporter.post('/api/reports', { targetType: 'user', targetId: seller.user?.id, reason: 'scam' }))
        .statusCode,
    ).toBe(201);

    expect((await t.visitor().get('/api/moderation/reports')).statusCode).toBe(401);
    expect((await reporter.get('/api/moderation/reports')).statusCode).toBe(403);
    expect((await seller.get('/api/moderation/reports')).statusCode).toBe(403);
    expect((await moderator.get('/api/auth/user')).json().isModerator).toBe(true);
    expect((await reporter.get('/api/auth/user')).json().isModerator).toBe(false);

    const open = (await moderator.get('/api/moderation/reports')).json();
    expect(open.map((r: { targetLabel: string }) => r.targetLabel).sort()).toEqual(['Sam', 'Suspicious Bag']);
    expect(open.find((r: { targetType: string }) => r.targetType === 'item')).toMatchObject({
      reason: 'counterfeit',
      details: 'Logo is wrong',
      status: 'open',
      reporter: { firstName: 'Rita' },
    });
    expect(
      (await reporter.patch(`/api/moderation/reports/${open[0].id}`, { status: 'resolved' })).statusCode,
    ).toBe(403);
    expect(
      (await moderator.patch(`/api/moderation/reports/${open[0].id}`, { status: 'resolved' })).statusCode,
    ).toBe(200);
    expect((await moderator.get('/api/moderation/reports')).json()).toHaveLength(1);
    expect((await moderator.get('/api/moderation/reports?status=resolved')).json()).toHaveLength(1);
  });

  it('refuses reports on yourself, your items, unknown targets and bad input', async () => {
    const member = await t.member();
    const item = await listItem(member);
    expect(
      (await member.post('/api/reports', { targetType: 'user', targetId: member.user?.id, reason: 'spam' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await member.post('/api/reports', { targetType: 'item', targetId: item.id, reason: 'spam' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await member.post('/api/reports', {
          targetType: 'item',
          targetId: '00000000-0000-4000-8000-000000000000',
          reason: 'spam',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await member.post('/api/reports', { targetType: 'post', targetId: item.id, reason: 'spam' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await member.post('/api/reports', { targetType: 'item', targetId: item.id, reason: 'boring' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.visitor().post('/api/reports', { targetType: 'item', targetId: item.id, reason: 'spam' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('password change and account deletion', () => {
  it('a password change ends the member’s other sessions and keeps this one', async () => {
    const member = await t.member({ email: 'pat@example.com', password: 'first-password' });
    const otherDevice = t.visitor();
    await otherDevice.post('/api/auth/login', { email: 'pat@example.com', password: 'first-password' });
    expect((await otherDevice.get('/api/auth/user')).statusCode).toBe(200);
    const wrong = await member.post('/api/auth/password', {
      currentPassword: 'nope',
      newPassword: 'second-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is incorrect');
    expect(
      (await member.post('/api/auth/password', { currentPassword: 'first-password', newPassword: '123' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await member.post('/api/auth/password', {
          currentPassword: 'first-password',
          newPassword: 'second-password',
        })
      ).statusCode,
    ).toBe(200);
    expect((await otherDevice.get('/api/auth/user')).statusCode).toBe(401);
    expect((await member.get('/api/auth/user')).statusCode).toBe(200);
    expect(
      (await t.visitor().post('/api/auth/login', { email: 'pat@example.com', password: 'first-password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.visitor().post('/api/auth/login', { email: 'pat@example.com', password: 'second-password' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.visitor().post('/api/auth/password', { currentPassword: 'x', newPassword: 'yyyyyyyyyy' }))
        .statusCode,
    ).toBe(401);
  });

  it('deleting an account removes personal data, unlists items and keeps completed trades, anonymised', async () => {
    const leaver = await t.member({ firstName: 'Lea', email: 'lea@example.com', password: 'lea-password' });
    const partner = await t.member();
    const traded = await listItem(leaver, { title: 'Traded Coat' });
    const theirs = await listItem(partner, { title: 'Partner Boots' });
    const trade = (
      await partner.post('/api/trade-requests', { requestedItemId: traded.id, offeredItemId: theirs.id })
    ).json();
    await leaver.patch(`/api/trade-requests/${trade.id}`, { status: 'accepted' });
    const blocked = await leaver.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'lea-password' },
    });
    expect(blocked.statusCode).toBe(409);
    // The refusal names what blocks it, so the client can link it.
    expect(blocked.json()).toMatchObject({
      code: 'auth.finish_trades_before_deletion',
      blockers: [{ kind: 'trade', id: trade.id }],
    });
    await markTradeSent(t, trade.id);
    await leaver.post(`/api/trade-requests/${trade.id}/received`, { asDescribed: true });
    await markTradeSent(t, trade.id);
    await partner.post(`/api/trade-requests/${trade.id}/received`, { asDescribed: true });
    const listed = await listItem(leaver, { title: 'Still Listed' });
    const partnerItem = await listItem(partner, { title: 'Partner Scarf' });
    await partner.post('/api/trade-requests', { requestedItemId: listed.id, offeredItemId: partnerItem.id });

    const wrong = await leaver.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    const deleted = await leaver.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'lea-password' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await leaver.get('/api/auth/user')).statusCode).toBe(401);
    expect(
      (await t.visitor().post('/api/auth/login', { email: 'lea@example.com', password: 'lea-password' }))
        .statusCode,
    ).toBe(401);
    expect((await t.visitor().get('/api/items')).json().map((i: { title: string }) => i.title)).toEqual([
      'Partner Scarf',
    ]);

    const history = (await partner.get('/api/trade-requests')).json();
    const completed = history.find((r: { id: string }) => r.id === trade.id);
    expect(completed).toMatchObject({
      status: 'completed',
      owner: { firstName: 'Deleted member', lastName: null },
    });
    expect(history.find((r: { id: string }) => r.id !== trade.id).status).toBe('declined');
    expect(JSON.stringify(history)).not.toContain('Lea');
    // The email is free again.
    expect(
      (
        await t
          .visitor()
          .post('/api/auth/register', { firstName: 'Lea', email: 'lea@example.com', password: 'new-account' })
      ).statusCode,
    ).toBe(201);
  });
});

describe('an account deletion blocked by a swap ring', () => {
  it('names the accepted ring (kind and id) and deletes nothing', async () => {
    const { ana, ring } = await acceptedRing(t);
    const blocked = await ana.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'secret-password' },
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({
      code: 'auth.finish_trades_before_deletion',
      blockers: [{ kind: 'ring', id: ring.id }],
    });
    expect((await ana.get('/api/auth/user')).statusCode).toBe(200);
  });
});
