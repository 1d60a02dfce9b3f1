import { and, eq, ne, sql } from 'drizzle-orm';
import type { BarterMatch, ValueEstimate } from '../../../common/api/matching';
import type { Item } from '../../../common/api/items';
import { scoreBarter, scoreOffer, STRONG_MATCH_SCORE, wants } from '../../../common/domain/matching';
import { isAway } from '../../../common/domain/holiday';
import { type Db, queryRows } from '../../db/connect';
import { blocks, items, matchProfileVersions, users, wishlistItems } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { text } from '../../lib/i18n';
import { transact } from '../../lib/unit-of-work';
import { itemColumns, presentItem, shownItemsByIds } from '../items';
import { wishlistMatchesItem } from '../wishlist';
import { ownerPresent } from '../../lib/item-visibility';
import { blockedIds, noBlockBetween } from '../safety';
import { profileMemo } from './profile-memo';
import { loadProfiles, toMatchItem, toProfile } from './profiles';
import { findWantTriangles } from './want-triangles';

/** Listed, free to trade, and its owner not away (holiday mode). */
const tradable = sql`${items.isActive} and ${items.availability} not in ('reserved', 'traded') and ${ownerPresent(items.userId)}`;
/** Candidates are pre-selected by indexed SQL; scoring then runs in TypeScript on at most this many. */
const CANDIDATE_LIMIT = 150;
const SMART_MATCH_LIMIT = 20;
const BARTER_MATCH_LIMIT = 20;

async function loadListedItem(db: Db, id: string) {
  const [row] = await db
    .select(itemColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(eq(items.id, id));
  if (!row || row.item.deletedAt) throw notFound('items.not_found');
  return row;
}

/**
 * Smart Match's reads, one prepared statement (docs/decisions/008-uncached-paths.md, "Smart
 * matches"): the target item (`kind` 'target') with its owner, whether a block stands between the
 * viewer and that owner, the owner's preferences and their match profile version
 * (`profile-memo.ts`); then the viewer's tradable items (`kind` 'mine'), the same columns with
 * nulls for the target's own. With the owner's wants kept in memory, a smart match is this one
 * round trip. Only the columns an item is shown with are read (`itemColumns`).
 */
const prepareSmartMatchQuery = (db: Db) => {
  const memberId = sql.placeholder('memberId');
  const target = db
    .select({
      kind: sql<'target' | 'mine'>`'target'`,
      ...itemColumns,
      blocked: sql<boolean | null>`exists (select 1 from ${blocks} b
        where (b.blocker_id = ${memberId} and b.blocked_id = ${items.userId})
           or (b.blocker_id = ${items.userId} and b.blocked_id = ${memberId}))`,
      preferredCategories: sql<string[] | null>`${users.preferredCategories}`,
      preferredSizes: sql<Record<string, string[]> | null>`${users.preferredSizes}`,
      profileVersion: sql<string | number | null>`coalesce((select v.version from ${matchProfileVersions} v
        where v.user_id = ${items.userId}), 0)`,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(eq(items.id, sql.placeholder('targetId')));
  const mine = db
    .select({
      kind: sql<'target' | 'mine'>`'mine'`,
      ...itemColumns,
      blocked: sql<boolean | null>`null`,
      preferredCategories: sql<string[] | null>`null`,
      preferredSizes: sql<Record<string, string[]> | null>`null`,
      profileVersion: sql<string | number | null>`null`,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(and(eq(items.userId, memberId), tradable))
    .limit(CANDIDATE_LIMIT);
  return target.unionAll(mine).prepare('smart_match');
};
const smartMatchQueries = new WeakMap<Db, ReturnType<typeof prepareSmartMatchQuery>>();

/** Smart Match on another member's item: the viewer's own items ranked as offers its owner would accept. */
export async function smartMatches(ctx: ServiceContext, memberId: string, targetId: string) {
  let prepared = smartMatchQueries.get(ctx.db);
  if (!prepared) {
    prepared = prepareSmartMatchQuery(ctx.db);
    smartMatchQueries.set(ctx.db, prepared);
  }
  // The viewer's items come with the target: read for nothing only when the answer is an error or
  // empty (the owner away or blocked).
  const rows = await prepared.execute({ memberId, targetId });
  const target = rows.find((row) => row.kind === 'target');
  if (!target || target.item.deletedAt) throw notFound('items.not_found');
  if (target.item.userId === memberId) throw forbidden('matching.own_item_target');
  if (!target.item.isActive) throw notFound('items.not_found');
  // An away owner takes no new requests: nothing to rank until they are back.
  if (isAway(target.owner.holidayUntil)) return [];
  if (target.blocked) return [];
  const wants = await profileMemo(ctx).wants(ctx.db, target.item.userId, Number(target.profileVersion));
  const receiver = toProfile(
    {
      id: target.owner.id,
      firstName: target.owner.firstName,
      preferredCategories: target.preferredCategories ?? [],
      preferredSizes: target.preferredSizes ?? {},
    },
    wants,
  );
  const targetItem = toMatchItem(target.item);
  return rows
    .filter((row) => row.kind === 'mine')
    .map((row) => ({ row, ...scoreOffer(toMatchItem(row.item), targetItem, receiver) }))
    .sort((a, b) => b.overallScore - a.overallScore)
    .slice(0, SMART_MATCH_LIMIT)
    .map(({ row, overallScore, reasoning }) => ({ item: presentItem(row), overallScore, reasoning }));
}

/** Other members' tradable items worth scoring for one of mine: wanted by my wishlist, or close in category and value. */
async function barterCandidates(
  db: Db,
  mine: Pick<typeof items.$inferSelect, 'estimatedValue' | 'userId' | 'category'>,
) {
  const low = Math.floor(mine.estimatedValue * 0.6);
  const high = Math.ceil(mine.estimatedValue * 1.4);
  const base = () => db.select(itemColumns).from(items).innerJoin(users, eq(users.id, items.userId));
  // Members blocked either way with the item's owner are never matched with them.
  const unblocked = noBlockBetween(mine.userId, items.userId);
  const [owner] = await db
    .select({ categories: users.preferredCategories })
    .from(users)
    .where(eq(users.id, mine.userId));
  const preferred = owner?.categories ?? [];
  const preferredMatch = sql`(${items.style} = any(${sql.param(preferred)}::text[])
    or (${items.category} = 'shoes' and 'Shoes' = any(${sql.param(preferred)}::text[]))
    or (${items.category} = 'accessories' and 'Accessories' = any(${sql.param(preferred)}::text[])))`;
  const [wished, similar, liked] = await Promise.all([
    base()
      .where(
        and(
          tradable,
          unblocked,
          sql`exists (select 1 from ${wishlistItems} where ${wishlistItems.userId} = ${mine.userId} and ${wishlistMatchesItem()})`,
        ),
      )
      .limit(CANDIDATE_LIMIT / 3),
    base()
      .where(
        and(
          tradable,
          unblocked,
          ne(items.userId, mine.userId),
          eq(items.category, mine.category),
          sql`${items.estimatedValue} between ${low} and ${high}`,
        ),
      )
      .orderBy(sql`${items.createdAt} desc`)
      .limit(CANDIDATE_LIMIT),
    preferred.length === 0
      ? []
      : base()
          .where(
            and(
              tradable,
              unblocked,
              ne(items.userId, mine.userId),
              preferredMatch,
              sql`${items.estimatedValue} between ${low} and ${high}`,
            ),
          )
          .orderBy(sql`${items.createdAt} desc`)
          .limit(CANDIDATE_LIMIT / 3),
  ]);
  const byId = new Map([...wished, ...similar, ...liked].map((row) => [row.item.id, row]));
  return [...byId.values()];
}

async function requireOwnListedItem(db: Db, viewerId: string, itemId: string) {
  const row = await loadListedItem(db, itemId);
  if (row.item.userId !== viewerId) throw forbidden('matching.not_your_item');
  return row;
}

/** What You Could Get for my item: direct and one-way swaps scored from both sides, plus trade rings. */
export async function barterMatches(
  ctx: ServiceContext,
  memberId: string,
  itemId: string,
): Promise<BarterMatch[]> {
  const own = await requireOwnListedItem(ctx.db, memberId, itemId);
  const candidates = await barterCandidates(ctx.db, own.item);
  const profiles = await loadProfiles(
    ctx.db,
    [memberId, ...candidates.map((row) => row.item.userId)],
    memberId,
  );
  const me = profiles.get(memberId);
  if (!me) throw notFound('members.not_found');
  const mine = toMatchItem(own.item);
  const scored: BarterMatch[] = candidates.flatMap((row) => {
    const them = profiles.get(row.item.userId);
    if (!them) return [];
    return [{ item: presentItem(row), ...scoreBarter(mine, toMatchItem(row.item), me, them) }];
  });
  const blocked = await blockedIds(ctx.db, memberId);
  const rings = (await findWantTriangles(ctx.db, { id: memberId, firstName: me.firstName }, own.item)).filter(
    (ring) => !ring.chain.some((link) => blocked.has(link.userId)),
  );
  const ringRows = rings.length
    ? await shownItemsByIds(
        ctx.db,
        rings.map((r) => r.receiveItemId),
      )
    : [];
  const ringMatches: BarterMatch[] = rings.flatMap((ring) => {
    const row = ringRows.find((candidate) => candidate.item.id === ring.receiveItemId);
    if (!row) return [];
    const [a, c, b] = ring.chain;
    if (!a || !b || !c) return [];
    const values = ring.chain.map((link) => link.gives.estimatedValue);
    const fairness = Math.min(...values) / Math.max(...values, 1);
    return [
      {
        item: presentItem(row),
        score: Math.round(60 + 40 * fairness),
        confidence: Math.round((0.5 + 0.4 * fairness) * 100) / 100,
        tradeType: 'ring',
        explanations: [
          {
            code: 'ring',
            params: {
              gives: a.gives.title,
              to: c.firstName,
              theyGive: c.gives.title,
              next: b.firstName,
              lastGives: b.gives.title,
            },
          },
          { code: 'ringEveryone' },
        ],
        ring: ring.chain.map((link) => ({
          userId: link.userId,
          firstName: link.firstName,
          gives: { id: link.gives.id, title: link.gives.title },
        })),
      },
    ];
  });
  return [...ringMatches, ...scored.sort((x, y) => y.score - x.score)].slice(0, BARTER_MATCH_LIMIT);
}

/** Suggested Barter Alternatives: the engine's ranking for the owner; similar listings for anyone else. */
export async function suggestedBarters(
  ctx: ServiceContext,
  memberId: string,
  itemId: string,
): Promise<Item[]> {
  const row = await loadListedItem(ctx.db, itemId);
  if (row.item.userId === memberId) {
    return (await barterMatches(ctx, memberId, itemId)).slice(0, 12).map((match) => match.item);
  }
  const blocked = await blockedIds(ctx.db, memberId);
  const candidates = (await barterCandidates(ctx.db, row.item)).filter(
    (candidate) => candidate.item.userId !== memberId && !blocked.has(candidate.item.userId),
  );
  const target = toMatchItem(row.item);
  const neutral = {
    name: null,
    isViewer: false,
    wishlist: [],
    preferredCategories: [],
    preferredSizes: {},
    brands: [],
  };
  return candidates
    .map((candidate) => ({
      candidate,
      score: scoreOffer(toMatchItem(candidate.item), target, neutral).overallScore,
    }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 12)
    .map(({ candidate }) => presentItem(candidate));
}

/**
 * match_found: a new listing that is a strong direct swap (score ≥ 0.8) for another member's item
 * tells that member, at most once per pair of items.
 */
export async function notifyStrongMatches(ctx: ServiceContext, itemId: string) {
  const { db } = ctx;
  const listed = await loadListedItem(db, itemId);
  const candidates = (await barterCandidates(db, listed.item)).slice(0, 60);
  if (candidates.length === 0) return;
  const profiles = await loadProfiles(db, [listed.item.userId, ...candidates.map((row) => row.item.userId)]);
  const lister = profiles.get(listed.item.userId);
  if (!lister) return;
  const fresh = toMatchItem(listed.item);
  const notes = candidates.flatMap((row) => {
    const them = profiles.get(row.item.userId);
    if (!them) return [];
    const theirs = toMatchItem(row.item);
    const result = scoreBarter(theirs, fresh, them, lister);
    if (result.tradeType !== 'direct' || result.score < STRONG_MATCH_SCORE * 100 || !wants(fresh, them))
      return [];
    return [
      {
        userId: row.item.userId,
        type: 'match_found' as const,
        title: text('notifications:matches.strong.title'),
        message: text('notifications:matches.strong.message', {
          item: listed.item.title,
          yours: row.item.title,
          score: result.score,
        }),
        link: `/browse?highlight=${listed.item.id}`,
        dedupeKey: `match:${listed.item.id}:${row.item.id}`,
      },
    ];
  });
  await transact(ctx, async (_tx, effects) => effects.notify(...notes));
}

/** Median and quartiles of comparable listings, relaxing the comparison until enough remain. */
export async function valueEstimate(
  ctx: ServiceContext,
  query: { category: string; style?: string; brand?: string; condition?: string },
): Promise<ValueEstimate> {
  const attempts: Array<{ label: string[]; where: ReturnType<typeof sql> }> = [];
  const conditions = (parts: Array<'style' | 'brand' | 'condition'>) => {
    const clauses = [
      sql`${items.category} = ${query.category}`,
      sql`(${items.isActive} or ${items.availability} = 'traded')`,
    ];
    if (parts.includes('style') && query.style) clauses.push(sql`${items.style} = ${query.style}`);
    if (parts.includes('brand') && query.brand)
      clauses.push(sql`lower(${items.brand}) = ${query.brand.toLowerCase()}`);
    if (parts.includes('condition') && query.condition)
      clauses.push(sql`${items.condition} = ${query.condition}`);
    return sql.join(clauses, sql` and `);
  };
  for (const parts of [
    ['brand', 'style', 'condition'],
    ['brand', 'style'],
    ['style', 'condition'],
    ['style'],
    [],
  ] as const) {
    const used = parts.filter((part) => query[part]);
    if (attempts.some((attempt) => attempt.label.join() === used.join())) continue;
    attempts.push({ label: used, where: conditions([...parts]) });
  }
  for (const [index, attempt] of attempts.entries()) {
    const [row] = await queryRows<{
      basis: number;
      median: number | null;
      low: number | null;
      high: number | null;
    }>(
      ctx.db,
      sql`select count(*)::int as basis,
            percentile_cont(0.5) within group (order by estimated_value) as median,
            percentile_cont(0.25) within group (order by estimated_value) as low,
            percentile_cont(0.75) within group (order by estimated_value) as high
          from (select ${items.estimatedValue} from ${items} where ${attempt.where} order by ${items.createdAt} desc limit 500) comparable`,
    );
    const basis = row?.basis ?? 0;
    if (basis >= 3 || (index === attempts.length - 1 && basis > 0)) {
      return {
        estimate: Math.round(row?.median ?? 0),
        low: Math.round(row?.low ?? 0),
        high: Math.round(row?.high ?? 0),
        basis,
        comparedBy: ['category', ...attempt.label],
      };
    }
  }
  return { estimate: null, low: null, high: null, basis: 0, comparedBy: ['category'] };
}
