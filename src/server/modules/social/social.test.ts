import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { friendships } from '../../db/schema';
import { listItem } from '../../test-support/fixtures';
import { countQueries } from '../../test-support/query-count';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

async function befriend(a: TestClient, b: TestClient) {
  await a.post('/api/social/connect', { friendId: b.user?.id });
  const [request] = (await b.get('/api/social/network')).json().incoming;
  await b.post(`/api/social/requests/${request.id}/accept`);
}

describe('friendships', () => {
  it('connect creates a pending request and notifies; the addressee accepts; both see the friendship', async () => {
    const ana = await t.member({ firstName: 'Ana' });
    const ben = await t.member({ firstName: 'Ben' });
    expect((await ana.post('/api/social/connect', { friendId: ben.user?.id })).statusCode).toBe(201);
    const note = (await ben.get('/api/notifications')).json()[0];
    expect(note).toMatchObject({
      type: 'other',
      title: 'New friend request',
      message: 'Ana wants to connect with you.',
    });
    const benNetwork = (await ben.get('/api/social/network')).json();
    expect(benNetwork.incoming).toHaveLength(1);
    expect(benNetwork.incoming[0].user.firstName).toBe('Ana');
    expect((await ana.get('/api/social/network')).json().outgoing[0].user.firstName).toBe('Ben');

    const requestId = benNetwork.incoming[0].id;
    expect((await ana.post(`/api/social/requests/${requestId}/accept`)).statusCode).toBe(403);
    expect((await (await t.member()).post(`/api/social/requests/${requestId}/accept`)).statusCode).toBe(404);
    expect((await t.visitor().post(`/api/social/requests/${requestId}/accept`)).statusCode).toBe(401);
    expect((await ben.post(`/api/social/requests/${requestId}/accept`)).statusCode).toBe(200);
    expect((await ben.post(`/api/social/requests/${requestId}/accept`)).statusCode).toBe(409);
    expect((await ana.get('/api/social/network')).json().friends[0].user.firstName).toBe('Ben');
    expect((await ben.get('/api/social/network')).json().friends[0].user.firstName).toBe('Ana');
    expect((await ana.get('/api/notifications')).json()[0].title).toBe('Friend request accepted');
  });

  it('refuses yourself (400), unknown members (404), duplicates either way (409) and visitors (401)', async () => {
    const ana = await t.member();
    const ben = await t.member();
    const self = await ana.post('/api/social/connect', { friendId: ana.user?.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot connect with yourself');
    expect(
      (await ana.post('/api/social/connect', { friendId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await ana.post('/api/social/connect', { friendId: 'x' })).statusCode).toBe(400);
    await ana.post('/api/social/connect', { friendId: ben.user?.id });
    expect((await ana.post('/api/social/connect', { friendId: ben.user?.id })).statusCode).toBe(409);
    expect((await ben.post('/api/social/connect', { friendId: ana.user?.id })).statusCode).toBe(409);
    expect((await t.visitor().post('/api/social/connect', { friendId: ben.user?.id })).statusCode).toBe(401);
    for (const path of ['network', 'friend-recommendations', 'style-similar', 'activity-feed', 'stats']) {
      expect((await t.visitor().get(`/api/social/${path}`)).statusCode).toBe(401);
    }
  });

  it('a declined request cannot be sent again for 30 days, nor withdrawn to get round that', async () => {
    const ana = await t.member();
    const ben = await t.member();
    await ana.post('/api/social/connect', { friendId: ben.user?.id });
    const [request] = (await ben.get('/api/social/network')).json().incoming;
    expect((await ben.post(`/api/social/requests/${request.id}/decline`)).statusCode).toBe(200);
    const again = await ana.post('/api/social/connect', { friendId: ben.user?.id });
    expect(again.statusCode).toBe(409);
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    expect(again.json().message).toBe(
      `This member declined your friend request on ${day(0)}. You can send another from ${day(30)}.`,
    );
    expect((await ana.delete(`/api/social/friends/${ben.user?.id}`)).statusCode).toBe(404);
    expect((await ana.post('/api/social/connect', { friendId: ben.user?.id })).statusCode).toBe(409);
    expect((await ben.post(`/api/social/requests/${request.id}/accept`)).statusCode).toBe(404);
    expect((await ben.get('/api/social/network')).json().incoming).toEqual([]);
    // Thirty-one days later it may be sent again, and it is pending once more.
    await t.db
      .update(friendships)
      .set({ declinedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(friendships.id, request.id));
    expect((await ana.post('/api/social/connect', { friendId: ben.user?.id })).statusCode).toBe(201);
    expect((await ben.get('/api/social/network')).json().incoming).toHaveLength(1);
  });

  it('declining hides the request; removing a friend ends the friendship', async () => {
    const ana = await t.member();
    const ben = await t.member();
    await ana.post('/api/social/connect', { friendId: ben.user?.id });
    const [request] = (await ben.get('/api/social/network')).json().incoming;
    expect((await ben.post(`/api/social/requests/${request.id}/decline`)).statusCode).toBe(200);
    expect((await ana.get('/api/social/network')).json()).toEqual({
      friends: [],
      incoming: [],
      outgoing: [],
    });
    // The member who declined may still ask.
    await befriend(ben, ana);
    expect((await ana.delete(`/api/social/friends/${ben.user?.id}`)).statusCode).toBe(204);
    expect((await ben.get('/api/social/network')).json().friends).toEqual([]);
    expect((await ana.delete(`/api/social/friends/${ben.user?.id}`)).statusCode).toBe(404);
  });
});

describe('recommendations and style', () => {
  it('recommendations take a fixed number of queries, whatever the size of the network', async () => {
    const me = await t.member();
    await me.patch('/api/users/preferences', { preferredCategories: ['Outerwear'] });
    await listItem(me, { title: 'My Parka', style: 'Outerwear' });
    // Each member who wants something of mine adds work, never a query.
    async function grow(count: number) {
      for (let index = 0; index < count; index++) {
        const member = await t.member();
        await member.patch('/api/users/preferences', { preferredCategories: ['Outerwear'] });
        await member.post('/api/wishlist', { title: 'parka', category: 'clothing' });
        await listItem(member, { title: `Coat ${index}`, style: 'Outerwear' });
        if (index % 2 === 0) await befriend(me, member);
      }
    }
    const measure = () =>
      countQueries(t.app.database, async () => {
        const response = await me.get('/api/social/friend-recommendations');
        expect(response.statusCode).toBe(200);
      });
    // Each count follows a warm-up request, so both find the session in the instance's short
    // session cache (SESSION_CACHE_SECONDS): its lookup is not part of what is compared.
    await grow(2);
    await measure();
    const small = await measure();
    await grow(12);
    await measure();
    const large = await measure();
    expect(large).toBe(small);
  });

  it('ranks members by style, trading potential and mutual friends, leaving out friends and pending requests', async () => {
    const me = await t.member();
    const twin = await t.member({ firstName: 'Twin' });
    const stranger = await t.member({ firstName: 'Stranger' });
    const friend = await t.member({ firstName: 'Friend' });
    const pending = await t.member({ firstName: 'Pending' });
    await me.patch('/api/users/preferences', {
      preferredCategories: ['Outerwear', 'Shoes'],
      preferredSizes: { Outerwear: ['M'] },
    });
    await twin.patch('/api/users/preferences', {
      preferredCategories: ['Outerwear', 'Shoes'],
      preferredSizes: { Outerwear: ['M'] },
    });
    await stranger.patch('/api/users/preferences', { preferredCategories: ['Jewelry'] });
    await me.post('/api/wishlist', { title: 'coat', category: 'clothing' });
    await listItem(me, { title: 'My Jacket', brand: 'COS', style: 'Outerwear' });
    await listItem(twin, { title: 'Wool Coat', brand: 'COS', style: 'Outerwear' });
    await listItem(stranger, {
      title: 'Gold Ring',
      brand: 'Pandora',
      category: 'accessories',
      style: 'Jewelry',
      size: null,
    });
    await listItem(friend, { title: 'Tee' });
    await listItem(pending, { title: 'Tee 2' });
    await befriend(me, friend);
    await me.post('/api/social/connect', { friendId: pending.user?.id });

    const recommendations = (await me.get('/api/social/friend-recommendations')).json();
    const names = recommendations.map((r: { user: { firstName: string } }) => r.user.firstName);
    expect(names[0]).toBe('Twin');
    expect(names).not.toContain('Friend');
    expect(names).not.toContain('Pending');
    const twinRecommendation = recommendations[0];
    expect(twinRecommendation.sharedBrands).toEqual(['COS']);
    expect(twinRecommendation.reasons).toContain('You both like Outerwear and Shoes');
    expect(twinRecommendation.reasons).toContain('1 of their items matches what you want');
    for (const key of ['styleCompatibility', 'tradingPotential', 'recommendationScore']) {
      expect(twinRecommendation[key]).toBeGreaterThan(0);
      expect(twinRecommendation[key]).toBeLessThanOrEqual(1);
    }
    expect(twinRecommendation.user).not.toHaveProperty('email');

    const similar = (await me.get('/api/social/style-similar')).json();
    expect(similar[0].firstName).toBe('Twin');
    expect(similar.length).toBeLessThanOrEqual(6);
  });
});

describe('activity and stats', () => {
  it('shows friends’ events, including the new friendship, newest first', async () => {
    const ana = await t.member({ firstName: 'Ana' });
    const ben = await t.member({ firstName: 'Ben' });
    const cy = await t.member({ firstName: 'Cy' });
    await listItem(cy, { title: 'Not a friend’s item' });
    await befriend(ana, ben);
    await listItem(ben, { title: 'Ben’s Boots' });
    const feed = (await ana.get('/api/social/activity-feed')).json();
    expect(feed[0]).toMatchObject({
      user: { firstName: 'Ben' },
      action: 'listed an item',
      item: { title: 'Ben’s Boots' },
    });
    expect(feed.map((e: { action: string }) => e.action)).toContain('became friends with Ana');
    expect(feed.some((e: { user: { firstName: string } }) => e.user.firstName === 'Cy')).toBe(false);
    expect(feed.length).toBeLessThanOrEqual(10);
  });

  it('shows the community when the member has no friends', async () => {
    const loner = await t.member();
    const other = await t.member({ firstName: 'Other' });
    await listItem(other, { title: 'Community item' });
    const feed = (await loner.get('/api/social/activity-feed')).json();
    expect(feed[0]).toMatchObject({ action: 'listed an item', item: { title: 'Community item' } });
  });

  it('computes the social stats', async () => {
    const ana = await t.member();
    const ben = await t.member();
    await befriend(ana, ben);
    await listItem(ben);
    const stats = (await ana.get('/api/social/stats')).json();
    expect(stats).toMatchObject({
      totalFriends: 1,
      socialTradesCompleted: 0,
      trustRating: 0,
      stylistRating: 0,
      activeTradingFriends: 1,
    });
    expect(stats.influenceScore).toBeGreaterThan(0);
    expect(stats.influenceScore).toBeLessThan(1);
  });
});
