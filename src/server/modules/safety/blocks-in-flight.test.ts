import { describe, expect, it } from 'vitest';
import { blocks } from '../../db/schema';
import { listItem } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

interface FriendRequest {
  id: string;
  user: { id: string };
}

const ids = (list: Array<{ id: string }>) => list.map((entry) => entry.id);
const recommended = async (client: TestClient) =>
  ((await client.get('/api/social/friend-recommendations')).json() as Array<{ user: { id: string } }>).map(
    (r) => r.user.id,
  );

/** Blocks the pair in the database only, so that paths guarded beyond the block's own effects can be tried. */
async function blockRow(blocker: TestClient, blocked: TestClient) {
  await t.db.insert(blocks).values({ blockerId: blocker.user?.id ?? '', blockedId: blocked.user?.id ?? '' });
}

describe('blocking ends what is in flight', () => {
  it('closes every pending request between the two, both ways, telling the other member', async () => {
    const alice = await t.member({ firstName: 'Alice' });
    const bob = await t.member({ firstName: 'Bob' });
    const carol = await t.member({ firstName: 'Carol' });
    const aliceCoat = await listItem(alice, { title: 'Coat' });
    const aliceHat = await listItem(alice, { title: 'Hat' });
    const bobBoots = await listItem(bob, { title: 'Boots' });
    const bobScarf = await listItem(bob, { title: 'Scarf' });
    const carolBag = await listItem(carol, { title: 'Bag' });
    const mine = (
      await alice.post('/api/trade-requests', { requestedItemId: bobBoots.id, offeredItemId: aliceCoat.id })
    ).json();
    const theirs = (
      await bob.post('/api/trade-requests', { requestedItemId: aliceHat.id, offeredItemId: bobScarf.id })
    ).json();
    const unrelated = (
      await carol.post('/api/trade-requests', { requestedItemId: aliceCoat.id, offeredItemId: carolBag.id })
    ).json();

    expect((await alice.post('/api/blocks', { userId: bob.user?.id })).statusCode).toBe(201);

    const trades = (await alice.get('/api/trade-requests')).json() as Array<{ id: string; status: string }>;
    const status = (id: string) => trades.find((trade) => trade.id === id)?.status;
    expect(status(mine.id)).toBe('cancelled');
    expect(status(theirs.id)).toBe('declined');
    expect(status(unrelated.id)).toBe('pending');
    const bobNotes = (await bob.get('/api/notifications')).json() as Array<{ title: string }>;
    expect(bobNotes.map((note) => note.title)).toEqual(
      expect.arrayContaining(['Barter request cancelled', 'Barter request declined']),
    );
    // Availability follows: Bob's items have no request left; Alice's coat still has Carol's.
    expect((await bob.get(`/api/items/${bobBoots.id}`)).json().availability).toBe('available');
    expect((await bob.get(`/api/items/${aliceHat.id}`)).json().availability).toBe('available');
    expect((await bob.get(`/api/items/${aliceCoat.id}`)).json().availability).toBe('pending');
  });

  it('a blocked pair cannot accept a request between them, in either direction', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const aliceCoat = await listItem(alice);
    const bobBoots = await listItem(bob);
    const request = (
      await bob.post('/api/trade-requests', { requestedItemId: aliceCoat.id, offeredItemId: bobBoots.id })
    ).json();
    await blockRow(bob, alice);
    expect((await alice.patch(`/api/trade-requests/${request.id}`, { status: 'accepted' })).statusCode).toBe(
      403,
    );
  });

  it('a blocked pair cannot send each other friend requests, in either direction', async () => {
    const alice = await t.member();
    const bob = await t.member();
    await alice.post('/api/blocks', { userId: bob.user?.id });
    expect((await alice.post('/api/social/connect', { friendId: bob.user?.id })).statusCode).toBe(403);
    expect((await bob.post('/api/social/connect', { friendId: alice.user?.id })).statusCode).toBe(403);
  });

  it('closes pending friend requests either way and ends a friendship; the old request cannot be accepted', async () => {
    const alice = await t.member({ firstName: 'Alice' });
    const bob = await t.member({ firstName: 'Bob' });
    const carol = await t.member({ firstName: 'Carol' });
    const dan = await t.member({ firstName: 'Dan' });
    const erin = await t.member({ firstName: 'Erin' });
    // Alice asked Bob; Carol asked Alice; Alice and Dan are friends; Erin asked Alice and stays apart.
    await alice.post('/api/social/connect', { friendId: bob.user?.id });
    await carol.post('/api/social/connect', { friendId: alice.user?.id });
    await erin.post('/api/social/connect', { friendId: alice.user?.id });
    await dan.post('/api/social/connect', { friendId: alice.user?.id });
    const incoming = (await alice.get('/api/social/network')).json().incoming as FriendRequest[];
    const fromDan = incoming.find((request) => request.user.id === dan.user?.id);
    expect((await alice.post(`/api/social/requests/${fromDan?.id}/accept`)).statusCode).toBe(200);
    const toBob = ((await bob.get('/api/social/network')).json().incoming as FriendRequest[])[0];
    const fromCarol = incoming.find((request) => request.user.id === carol.user?.id);

    expect((await alice.post('/api/blocks', { userId: bob.user?.id })).statusCode).toBe(201);
    expect((await alice.post('/api/blocks', { userId: carol.user?.id })).statusCode).toBe(201);
    expect((await dan.post('/api/blocks', { userId: alice.user?.id })).statusCode).toBe(201);

    const network = (await alice.get('/api/social/network')).json();
    expect(network.friends).toEqual([]);
    expect(network.outgoing).toEqual([]);
    expect(network.incoming.map((request: FriendRequest) => request.user.id)).toEqual([erin.user?.id]);
    for (const member of [bob, carol, dan]) {
      expect((await member.get('/api/social/network')).json()).toEqual({
        friends: [],
        incoming: [],
        outgoing: [],
      });
    }
    const late = await bob.post(`/api/social/requests/${toBob?.id}/accept`);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('Friend request not found');
    expect((await alice.post(`/api/social/requests/${fromCarol?.id}/accept`)).statusCode).toBe(404);
    // Still no way back while the block stands.
    expect((await dan.post('/api/social/connect', { friendId: alice.user?.id })).statusCode).toBe(403);
  });

  it('a blocked pair cannot accept a friend request between them, in either direction', async () => {
    const alice = await t.member();
    const bob = await t.member();
    await bob.post('/api/social/connect', { friendId: alice.user?.id });
    const [request] = (await alice.get('/api/social/network')).json().incoming as FriendRequest[];
    for (const [blocker, blocked] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      await blockRow(blocker, blocked);
      const response = await alice.post(`/api/social/requests/${request?.id}/accept`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You cannot contact this member');
      expect((await alice.get('/api/social/network')).json().friends).toEqual([]);
      await t.db.delete(blocks);
    }
  });

  it('a blocked pair never appear in each other’s recommendations or matches', async () => {
    const alice = await t.member();
    const bob = await t.member();
    const aliceCoat = await listItem(alice, { title: 'Camel Coat', estimatedValue: 5000 });
    const bobCoat = await listItem(bob, { title: 'Wool Coat', estimatedValue: 5000 });
    await alice.post('/api/wishlist', { title: 'Wool Coat', category: 'clothing' });
    await bob.post('/api/wishlist', { title: 'Camel Coat', category: 'clothing' });

    const before = {
      aliceRecs: await recommended(alice),
      bobRecs: await recommended(bob),
      aliceWish: ids((await alice.get('/api/wishlist/matches')).json()),
      bobWish: ids((await bob.get('/api/wishlist/matches')).json()),
      aliceBarter: (await alice.get(`/api/barter-matches/${aliceCoat.id}`)).json(),
      bobSmart: (await bob.post(`/api/items/${aliceCoat.id}/smart-matches`, {})).json().matches,
    };
    expect(before.aliceRecs).toContain(bob.user?.id);
    expect(before.bobRecs).toContain(alice.user?.id);
    expect(before.aliceWish).toContain(bobCoat.id);
    expect(before.bobWish).toContain(aliceCoat.id);
    expect(before.aliceBarter.length).toBeGreaterThan(0);
    expect(before.bobSmart.length).toBeGreaterThan(0);

    await bob.post('/api/blocks', { userId: alice.user?.id });

    expect(await recommended(alice)).not.toContain(bob.user?.id);
    expect(await recommended(bob)).not.toContain(alice.user?.id);
    expect(ids((await alice.get('/api/social/style-similar')).json())).not.toContain(bob.user?.id);
    expect(ids((await alice.get('/api/wishlist/matches')).json())).not.toContain(bobCoat.id);
    expect(ids((await bob.get('/api/wishlist/matches')).json())).not.toContain(aliceCoat.id);
    expect((await alice.get(`/api/barter-matches/${aliceCoat.id}`)).json()).toEqual([]);
    expect((await bob.get(`/api/barter-matches/${bobCoat.id}`)).json()).toEqual([]);
    expect((await bob.post(`/api/items/${aliceCoat.id}/smart-matches`, {})).json().matches).toEqual([]);
    expect((await alice.post(`/api/items/${bobCoat.id}/smart-matches`, {})).json().matches).toEqual([]);
    const suggested = (await alice.get(`/api/items/${aliceCoat.id}/suggested-barters`)).json();
    expect(ids(suggested)).not.toContain(bobCoat.id);
  });

  it('a new listing sends no wishlist alert to a member blocked with its owner', async () => {
    const alice = await t.member();
    const bob = await t.member();
    await alice.post('/api/wishlist', { title: 'Trench Coat', category: 'clothing' });
    await alice.post('/api/blocks', { userId: bob.user?.id });
    await listItem(bob, { title: 'Trench Coat' });
    const notes = (await alice.get('/api/notifications')).json() as Array<{ type: string }>;
    expect(notes.filter((note) => note.type === 'wishlist_match')).toEqual([]);
  });
});
