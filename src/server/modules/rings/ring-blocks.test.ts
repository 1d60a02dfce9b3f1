import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ring } from '../../../common/api/rings';
import { blocks, favorites, ringLegs, rings } from '../../db/schema';
import { buildItem } from '../../test-support/builders';
import { answerRing, ringsOf } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { MemberBlocks } from '../safety/member-blocks';
import { withoutBlockedMembers } from './blocked-cycles';
import { DEFAULT_NEIGHBOURHOOD_OPTIONS } from './neighbourhood';
import { proposeRingsAround, repackRings } from './rings.proposer';
import { createRing } from './ring-commands.service';

/**
 * No swap ring holds two members with a block between them, either way, neighbours in it or not
 * (blocked-cycles.ts): not from the incremental pass, not from the re-pack, not through createRing;
 * a block after the proposal ends it while it is pending, and an accept across a block is refused.
 */
const t = useTestApp();
const timers = { proposalHours: 48, repackMinutes: 5, maxLength: 5 };
/** The long-ring phase without its time box, so that a slow machine cannot leave a ring out. */
const untimed = { ...DEFAULT_NEIGHBOURHOOD_OPTIONS, longBudgetMs: Number.POSITIVE_INFINITY };

const idOf = (client: TestClient) => client.user?.id ?? '';

/**
 * Four members with a listing each, each favouriting the next one's: a 4-ring and nothing shorter,
 * written straight to the database so that no pass runs before the test's own.
 */
async function fourMemberCycle(names: string[]) {
  const members: Array<{ client: TestClient; itemId: string }> = [];
  for (const name of names) {
    const client = await t.member({ firstName: name });
    members.push({ client, itemId: (await buildItem(t, client, { title: `${name}'s coat` })).id });
  }
  for (const [k, member] of members.entries()) {
    const next = members[(k + 1) % members.length];
    await t.db.insert(favorites).values({ userId: idOf(member.client), itemId: next?.itemId ?? '' });
  }
  return members;
}

/**
 * Three 4-member cycles: in the first Ana blocked Cleo (two apart), in the second Hana blocked Finn
 * (two apart, the other way round the ring), the third has no block.
 */
async function marketWithBlocks() {
  const across = await fourMemberCycle(['Ana', 'Ben', 'Cleo', 'Dan']);
  const back = await fourMemberCycle(['Eve', 'Finn', 'Gus', 'Hana']);
  const free = await fourMemberCycle(['Ida', 'Jon', 'Kim', 'Lou']);
  const [ana, , cleo] = across.map((member) => member.client) as [TestClient, TestClient, TestClient];
  const [, finn, , hana] = back.map((member) => member.client) as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  expect((await ana.post('/api/blocks', { userId: idOf(cleo) })).statusCode).toBe(201);
  expect((await hana.post('/api/blocks', { userId: idOf(finn) })).statusCode).toBe(201);
  return { across, back, free, all: [...across, ...back, ...free].map((member) => member.itemId) };
}

const itemsOfRing = async (ringId: string) =>
  (await t.db.select({ itemId: ringLegs.itemId }).from(ringLegs).where(eq(ringLegs.ringId, ringId)))
    .map((leg) => leg.itemId)
    .sort();
const itemSet = (members: Array<{ itemId: string }>) => members.map((member) => member.itemId).sort();

/** The free cycle proposed through createRing itself, as the engine would write it. */
async function proposeFree() {
  const members = await fourMemberCycle(['Ana', 'Ben', 'Cleo', 'Dan']);
  const created = await proposeRingsAround(
    t.app.services,
    timers,
    new Date(),
    [members[0]?.itemId ?? ''],
    untimed,
  );
  expect(created).toHaveLength(1);
  const [ana, ben, cleo, dan] = members.map((member) => member.client) as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  const [ring] = await ringsOf(ana);
  return { ana, ben, cleo, dan, ring: ring as Ring };
}

const ringStatus = async (ringId: string) =>
  (await t.db.select({ status: rings.status }).from(rings).where(eq(rings.id, ringId)))[0]?.status;

describe('candidate rings and blocks', () => {
  it('filters out a cycle holding a blocked pair, whichever two of its members they are', () => {
    const owners = ['a', 'b', 'c', 'd', 'e'];
    const cycles = [
      [0, 1, 2, 3],
      [0, 1, 2, 3, 4],
      [1, 2, 3],
    ];
    const blocked = new MemberBlocks([['d', 'a'] as const]);
    expect(withoutBlockedMembers(cycles, (item) => owners[item] ?? '', blocked)).toEqual([[1, 2, 3]]);
    expect(withoutBlockedMembers(cycles, (item) => owners[item] ?? '', new MemberBlocks([]))).toBe(cycles);
  });

  it('the incremental pass proposes no ring joining two members blocked either way, neighbours or not', async () => {
    const { free, all } = await marketWithBlocks();
    const created = await proposeRingsAround(t.app.services, timers, new Date(), all, untimed);
    expect(await Promise.all(created.map(itemsOfRing))).toEqual([itemSet(free)]);
  });

  it('the re-pack proposes no ring joining two members blocked either way, neighbours or not', async () => {
    const { free } = await marketWithBlocks();
    const created = await repackRings(t.app.services, timers, new Date(), 10);
    expect(await Promise.all(created.map(itemsOfRing))).toEqual([itemSet(free)]);
  }, 120_000);

  it('createRing refuses a ring whose members are blocked across it', async () => {
    const { across } = await marketWithBlocks();
    // Member k gives their item to member k-1, who wants it.
    const legs = across.map((member, k) => ({
      itemId: member.itemId,
      giverId: idOf(member.client),
      receiverId: idOf((across[(k + across.length - 1) % across.length] as typeof member).client),
      reason: { code: 'favourite' as const },
    }));
    expect(await createRing(t.app.services, legs, 1, new Date(), timers)).toBeNull();
    expect(await t.db.select().from(rings)).toEqual([]);
  });
});

describe('a block after a ring is proposed', () => {
  it('dissolves the pending ring, for two members who are not neighbours in it', async () => {
    const { ana, ben, cleo, ring } = await proposeFree();
    // Ana receives from Ben and gives to Dan: Cleo is across the ring from her.
    expect((await cleo.post('/api/blocks', { userId: idOf(ana) })).statusCode).toBe(201);
    expect(await ringStatus(ring.id)).toBe('cancelled');
    const notes = (await ben.get('/api/notifications')).json() as Array<{ type: string; message: string }>;
    expect(notes.map((note) => note.message)).toContain(
      'A member of the swap ring can no longer trade with another, so the ring was dissolved.',
    );
  });

  it('refuses an accept across a block that the dissolving missed (409), and dissolves the ring', async () => {
    const { ana, ben, cleo, ring } = await proposeFree();
    expect((await answerRing(ben, ring, 'accepted')).statusCode).toBe(200);
    // A block written behind the listeners' back, as a block racing the proposal could leave it.
    await t.db.insert(blocks).values({ blockerId: idOf(cleo), blockedId: idOf(ana) });
    const response = await answerRing(ana, ring, 'accepted');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Members of this ring have blocked each other: the ring was dissolved',
    );
    expect(await ringStatus(ring.id)).toBe('cancelled');
    expect((await answerRing(cleo, ring, 'accepted')).statusCode).toBe(409);
  });

  it('leaves an accepted ring accepted: its members still ship to each other', async () => {
    const { ana, ben, cleo, dan, ring } = await proposeFree();
    for (const member of [ana, ben, cleo, dan])
      expect((await answerRing(member, ring, 'accepted')).statusCode).toBe(200);
    expect((await cleo.post('/api/blocks', { userId: idOf(ana) })).statusCode).toBe(201);
    expect(await ringStatus(ring.id)).toBe('accepted');
  });
});
