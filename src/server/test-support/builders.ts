import { and, eq, isNull } from 'drizzle-orm';
import type { TradeStatus } from '../../common/domain/trade-state';
import { dealTerms } from '../../common/domain/trade-terms';
import {
  conversations,
  items,
  ringLegs,
  rings,
  tradeOffers,
  tradeRequestItems,
  tradeRequests,
  users,
} from '../db/schema';
import { tradeSideRows } from '../db/seed/trade-plan';
import type { TestClient, useTestApp } from './test-app';

/**
 * Compound states written straight to the database, parents included, for tests that need a trade
 * or a conversation to exist rather than to watch it being made (the API tests cover that).
 */
type TestApp = ReturnType<typeof useTestApp>;
type ItemRow = typeof items.$inferSelect;
type MemberOverrides = Parameters<TestApp['member']>[0];

/** Stands in for an uploaded photo: nothing loads it in these tests. */
const PHOTO = '/images/00000000-0000-4000-8000-000000000001';

const memberId = (client: TestClient) => {
  if (!client.user) throw new Error('builders need signed-in members');
  return client.user.id;
};

/**
 * A member row with no session, for a market written straight to the database (the bulk-insert
 * query-plan tests): its id.
 */
export async function buildOwner(t: TestApp, email: string, firstName: string): Promise<string> {
  const [row] = await t.db.insert(users).values({ email, firstName }).returning({ id: users.id });
  if (!row) throw new Error('owner insert returned nothing');
  return row.id;
}

/**
 * An owner's listed items for a market written straight to the database: the owner moves to
 * `townId` (or stays without a town when null), then lists one unisex item in good condition worth
 * 10.00 for each row of `rows`.
 */
export async function listInTown(
  t: TestApp,
  ownerId: string,
  townId: number | null,
  rows: Array<{ title: string; description: string; category: 'shoes' | 'clothing'; createdAt: Date }>,
): Promise<void> {
  if (townId !== null) await t.db.update(users).set({ townId }).where(eq(users.id, ownerId));
  await t.db.insert(items).values(
    rows.map((row) => ({
      ...row,
      userId: ownerId,
      gender: 'unisex' as const,
      condition: 'good' as const,
      estimatedValue: 1000,
      images: [PHOTO],
    })),
  );
}

/** A listed item of the member. */
export async function buildItem(
  t: TestApp,
  owner: TestClient,
  overrides: Partial<typeof items.$inferInsert> = {},
): Promise<ItemRow> {
  const [row] = await t.db
    .insert(items)
    .values({
      title: 'Wool Coat',
      description: 'A warm coat, worn twice.',
      category: 'clothing',
      gender: 'unisex',
      condition: 'good',
      estimatedValue: 5000,
      images: [PHOTO],
      ...overrides,
      userId: memberId(owner),
    })
    .returning();
  if (!row) throw new Error('item insert returned nothing');
  return row;
}

/** Where each trade status leaves its two items. */
const ITEMS_BY_STATUS: Record<TradeStatus, Partial<typeof items.$inferInsert>> = {
  pending: { availability: 'pending' },
  accepted: { availability: 'reserved' },
  disputed: { availability: 'reserved' },
  completed: { availability: 'traded', isActive: false },
  declined: { availability: 'available' },
  cancelled: { availability: 'available' },
};

export interface BuildTradeOptions {
  status?: TradeStatus;
  owner?: MemberOverrides;
  requester?: MemberOverrides;
}

/**
 * A trade in the given status (pending by default) between two new members: the requester offers
 * their item for the owner's. A completed trade has both receipts and its completion time.
 */
export async function buildTrade(t: TestApp, options: BuildTradeOptions = {}) {
  const status = options.status ?? 'pending';
  const owner = await t.member(options.owner);
  const requester = await t.member(options.requester);
  const state = ITEMS_BY_STATUS[status];
  const wanted = await buildItem(t, owner, { title: 'Wool Coat', ...state });
  const offered = await buildItem(t, requester, { title: 'Leather Boots', ...state });
  const now = new Date();
  const done = status === 'completed' ? now : null;
  const [trade] = await t.db
    .insert(tradeRequests)
    .values({
      requestedItemId: wanted.id,
      offeredItemId: offered.id,
      requesterId: memberId(requester),
      ownerId: memberId(owner),
      message: 'Swap?',
      requestedTerms: dealTerms(wanted),
      offeredTerms: dealTerms(offered),
      status,
      acceptedAt: status === 'accepted' || status === 'disputed' || status === 'completed' ? now : null,
      completedAt: done,
      ownerReceivedAt: done,
      requesterReceivedAt: done,
    })
    .returning();
  if (!trade) throw new Error('trade insert returned nothing');
  // Its items and first offer, as every trade has them.
  const { sideItems, offers } = tradeSideRows([trade]);
  await t.db.insert(tradeRequestItems).values(sideItems);
  await t.db.insert(tradeOffers).values(offers);
  return { owner, requester, wanted, offered, trade };
}

export interface BuildConversationOptions {
  first?: MemberOverrides;
  second?: MemberOverrides;
}

/** A conversation between two new members, about an item of the second, with no messages yet. */
export async function buildConversation(t: TestApp, options: BuildConversationOptions = {}) {
  const first = await t.member(options.first);
  const second = await t.member(options.second);
  const item = await buildItem(t, second);
  const [participant1Id, participant2Id] = [memberId(first), memberId(second)].sort() as [string, string];
  const [conversation] = await t.db
    .insert(conversations)
    .values({ participant1Id, participant2Id, relatedItemId: item.id })
    .returning();
  if (!conversation) throw new Error('conversation insert returned nothing');
  return { first, second, item, conversation };
}

/**
 * A proposed swap ring written directly: each member gives their item to the member before them
 * (the first gives to the last), the order the ring engine writes.
 */
export async function buildRing(t: TestApp, legs: Array<{ giver: TestClient; item: ItemRow }>) {
  const [ring] = await t.db
    .insert(rings)
    .values({ score: 1, expiresAt: new Date(Date.now() + 48 * 3_600_000) })
    .returning();
  if (!ring) throw new Error('ring insert returned nothing');
  await t.db.insert(ringLegs).values(
    legs.map((leg, position) => ({
      ringId: ring.id,
      position,
      giverId: memberId(leg.giver),
      itemId: leg.item.id,
      receiverId: memberId((legs[(position - 1 + legs.length) % legs.length] as typeof leg).giver),
      terms: dealTerms(leg.item),
      reason: { code: 'favourite' as const },
    })),
  );
  return ring;
}

/**
 * Both senders of a trade have marked their items sent, as "I received it" requires (the tests of
 * that rule send it through the API): for tests about what comes after.
 */
export async function markTradeSent(t: TestApp, tradeId: string) {
  const now = new Date();
  await t.db
    .update(tradeRequests)
    .set({ requesterSentAt: now })
    .where(and(eq(tradeRequests.id, tradeId), isNull(tradeRequests.requesterSentAt)));
  await t.db
    .update(tradeRequests)
    .set({ ownerSentAt: now })
    .where(and(eq(tradeRequests.id, tradeId), isNull(tradeRequests.ownerSentAt)));
}

/** Every giver of a ring has marked their item sent (see markTradeSent). */
export async function markRingSent(t: TestApp, ringId: string) {
  await t.db
    .update(ringLegs)
    .set({ sentAt: new Date() })
    .where(and(eq(ringLegs.ringId, ringId), isNull(ringLegs.sentAt)));
}
