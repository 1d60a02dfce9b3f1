import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_VALUE_BAND } from '../../../common/domain/ring-state';
import { type Db, queryPreparedRows, queryRows, type Queryable } from '../../db/connect';
import { items, wishlistItems } from '../../db/schema';
import { wishlistMatchesItem } from '../wishlist';
import { ownerPresentText } from '../../lib/item-visibility';

/**
 * The want graph, derived from the database on every read (docs/decisions/007-swap-rings.md): an arc
 * from item g to item j means g's owner would give g for j, because j matches one of their swap
 * rules that applies to g, or they favourited j, or j matches one of their wishlist entries (those
 * two with the default value band). Both items are listed, not reserved or traded, not "direct
 * swaps only", not held by an open ring, and their owners have not blocked each other.
 */

/** Listed and open to rings, whatever rings hold (the match counts); never an away member's item. */
const listedText = (alias: string) =>
  `${alias}.is_active and ${alias}.deleted_at is null
    and ${alias}.availability in ('available', 'pending') and not ${alias}.direct_swaps_only
    and ${ownerPresentText(`${alias}.user_id`)}`;
const listed = (alias: string) => sql.raw(listedText(alias));

/** Listed, open to rings, and held by no open ring (the engine's nodes). */
const tradable = (alias: string) =>
  sql.raw(`${listedText(alias)}
    and not exists (select 1 from ring_legs h where h.item_id = ${alias}.id and h.open)`);

const noBlock = (a: string, b: string) =>
  sql.raw(`not exists (select 1 from blocks b where (b.blocker_id = ${a} and b.blocked_id = ${b})
    or (b.blocker_id = ${b} and b.blocked_id = ${a}))`);

/** Rule `r` (columns as in swap_rules) accepts item `j`, value band aside. */
const ruleCriteria = sql.raw(`(r.category is null or j.category = r.category)
    and (r.gender is null or j.gender = r.gender)
    and (cardinality(r.sizes) = 0 or lower(j.size) = any(r.sizes))
    and (cardinality(r.brands) = 0 or lower(j.brand) = any(r.brands))
    and (r.min_condition_rank is null or j.condition_rank >= r.min_condition_rank)
    and (cardinality(r.colors) = 0 or j.colors && r.colors)`);

/** Rule `r` applies to the member's item `g`. */
const ruleApplies = sql.raw(`(cardinality(r.item_ids) = 0 or g.id = any(r.item_ids))`);

const inBand = (min: SQL, max: SQL, wanted = 'j') =>
  sql`${sql.raw(wanted)}.estimated_value between ${min} * g.estimated_value and ${max} * g.estimated_value`;

/**
 * The value band again, as whole cents an index on estimated_value can serve: the band itself
 * compares in real arithmetic (an integer column against a real bound), which no integer index
 * serves. Item values are whole cents below 2^24, exact in a real, so every value in the band is in
 * this range; the exact band is still checked beside it.
 */
const inBandCents = (min: SQL, max: SQL, wanted = 'j') =>
  sql`${sql.raw(wanted)}.estimated_value between floor(${min} * g.estimated_value)::bigint
    and ceil(${max} * g.estimated_value)::bigint`;

/**
 * The rule branch of the arc read, split by each rule's most selective criterion so that every part
 * is an equality an index over listed items serves (docs/rings.md, "Indexed reads"): rules naming
 * brands and sizes join the items of each (brand, size) pair, rules naming brands only the items of
 * those brands, then rules naming sizes (and no brand) the items of those
 * sizes, then rules naming only a category the items of that category,
 * and the rules with none of the three the items in their value band. Each rule is in exactly one
 * part and each part still checks every criterion, so the parts together read exactly the arcs of
 * the one-predicate join (`ruleCriteria` over all listings).
 *
 * Two spellings of the same join: reading out of given items, each (rule, item given) pair looks its
 * items up in the index, per brand (or size, or category) and the band as one index range, in a
 * lateral subquery kept apart by `offset 0` so that the planner looks them up by both at once;
 * reading into given items or the whole graph, the items join the rules' brands or sizes by equality
 * (hashed), and the band is checked on the pairs.
 */
const RULE_PARTS: { which: string; fromItems: string; key: string; toItems: string }[] = [
  {
    which: 'cardinality(r.brands) > 0 and cardinality(r.sizes) > 0',
    fromItems:
      'cross join lateral unnest(r.brands) as wanted(value) cross join lateral unnest(r.sizes) as wanted_size(value)',
    key: 'lower(j.brand) = wanted.value and lower(j.size) = wanted_size.value',
    toItems:
      'cross join lateral unnest(r.brands) as wanted(value) cross join lateral unnest(r.sizes) as wanted_size(value) join items j on lower(j.brand) = wanted.value and lower(j.size) = wanted_size.value',
  },
  {
    which: 'cardinality(r.brands) > 0 and cardinality(r.sizes) = 0',
    fromItems: 'cross join lateral unnest(r.brands) as wanted(value)',
    key: 'lower(j.brand) = wanted.value',
    toItems:
      'cross join lateral unnest(r.brands) as wanted(value) join items j on lower(j.brand) = wanted.value',
  },
  {
    which: 'cardinality(r.brands) = 0 and cardinality(r.sizes) > 0',
    fromItems: 'cross join lateral unnest(r.sizes) as wanted(value)',
    key: 'lower(j.size) = wanted.value',
    toItems:
      'cross join lateral unnest(r.sizes) as wanted(value) join items j on lower(j.size) = wanted.value',
  },
  {
    which: 'cardinality(r.brands) = 0 and cardinality(r.sizes) = 0 and r.category is not null',
    fromItems: '',
    key: 'j.category = r.category',
    toItems: 'join items j on j.category = r.category',
  },
  {
    which: 'cardinality(r.brands) = 0 and cardinality(r.sizes) = 0 and r.category is null',
    fromItems: '',
    key: 'true',
    toItems: 'join items j on true',
  },
];

export type ArcKind = 'rule' | 'favorite' | 'wishlist';

export interface WantArc {
  from: string;
  to: string;
  kind: ArcKind;
  /** The rule's id, or the wishlist entry's title; null for a favourite. */
  ref: string | null;
}

export interface GraphItem {
  id: string;
  ownerId: string;
  estimatedValue: number;
  /** A giveaway: it may start a chain and is in no ring (engine/chains.ts). */
  isGiveaway?: boolean;
}

export interface WantGraph {
  items: GraphItem[];
  arcs: WantArc[];
}

/**
 * The same ids as an array (`x = any(${idArray(ids)})`): where they drive a read, the planner looks
 * each up by primary key instead of hashing them against a scan of the table.
 */
const idArray = (ids: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/**
 * Which arcs to read: those leaving `from`, those entering `to`, both, or (neither) all of them.
 * The restriction is pushed into each branch, so a neighbourhood read touches only its items' wants.
 */
export interface ArcScope {
  from?: string[];
  to?: string[];
}

/**
 * Every want behind every arc in the scope, one row per (arc, want): the same predicate whether the
 * whole graph or a neighbourhood is read, so both see the same arcs for the same reasons.
 */
export async function loadArcRows(db: Queryable, scope: ArcScope = {}): Promise<WantArc[]> {
  if (scope.from?.length === 0 || scope.to?.length === 0) return [];
  // One text per kind of scope (the ids are one parameter): prepared, it is planned once.
  return queryPreparedRows<WantArc>(db, arcRowsQuery(scope));
}

/** The query behind loadArcRows (exported for EXPLAIN). */
export function arcRowsQuery(scope: ArcScope): SQL {
  const min = sql`${DEFAULT_VALUE_BAND.min}::real`;
  const max = sql`${DEFAULT_VALUE_BAND.max}::real`;
  // The given items drive the read by primary key: out of `from`, into `to`, or, when both are given
  // (a neighbourhood's read between two hops), the pairs of the two lists, checked against the wants
  // directly (both lists are short; looking up everything the `from` items want would read far more).
  const pairs = scope.from !== undefined && scope.to !== undefined;
  const byFrom = scope.from !== undefined && !pairs;
  const fromG = scope.from ? sql`and g.id = any(${idArray(scope.from)})` : sql``;
  const toJ = scope.to ? sql`and j.id = any(${idArray(scope.to)})` : sql``;
  const toWish = scope.to ? sql`and ${items.id} = any(${idArray(scope.to)})` : sql``;
  const ruleMin = sql.raw('r.min_value_ratio');
  const ruleMax = sql.raw('r.max_value_ratio');
  const ruleRow = (part: (typeof RULE_PARTS)[number] | null) => sql`
      select g.id as "from", j.id as "to", 'rule' as kind, r.id::text as ref
      from swap_rules r
      -- Lateral, so that the rules drive the read whatever the statistics say: a blind planner
      -- (a market loaded and never analysed) otherwise pairs every item with every item first.
      join lateral (select * from items g where g.user_id = r.user_id and ${tradable('g')} ${fromG} offset 0) g
        on ${ruleApplies}
      ${
        !part
          ? sql`join items j on true`
          : byFrom
            ? sql`${sql.raw(part.fromItems)}
            join lateral (select * from items j where ${sql.raw(part.key)} and ${listed('j')}
              and ${inBandCents(ruleMin, ruleMax)} offset 0) j on true`
            : sql.raw(part.toItems)
      } and j.user_id <> r.user_id and ${tradable('j')} and ${ruleCriteria}
        and ${inBand(ruleMin, ruleMax)} ${toJ}
      where ${sql.raw(part?.which ?? 'true')} and ${noBlock('r.user_id', 'j.user_id')}`;
  // Pairs need no index on the wanted items (they are given): one branch, the plain predicate.
  const ruleRows = pairs
    ? ruleRow(null)
    : sql.join(
        RULE_PARTS.map((part) => ruleRow(part)),
        sql`
      union all`,
      );
  return sql`
      ${ruleRows}
      union all
      select g.id, j.id, 'favorite', null
      from favorites f
      join items j on j.id = f.item_id and j.user_id <> f.user_id and ${tradable('j')} ${toJ}
      join items g on g.user_id = f.user_id and ${tradable('g')} and ${inBand(min, max)} ${fromG}
      where ${noBlock('f.user_id', 'j.user_id')}
      union all
      select g.id, ${items.id}, 'wishlist', ${wishlistItems.title}
      from ${wishlistItems}
      join items g on g.user_id = ${wishlistItems.userId} and ${tradable('g')} ${fromG}
      ${
        byFrom
          ? sql`join lateral (select * from items where items.category = ${wishlistItems.itemCategory}
              and ${listed('items')} and ${inBandCents(min, max, 'items')} offset 0) items on true`
          : sql`join items on true`
      } and ${wishlistMatchesItem()} and ${tradable('items')} and ${inBand(min, max, 'items')} ${toWish}
      where ${noBlock('wishlist_items.user_id', 'items.user_id')}`;
}

/** Rules first, then favourites, then wishlists: an arc is explained by the most specific want. */
const KIND_ORDER: Record<ArcKind, number> = { rule: 0, favorite: 1, wishlist: 2 };
function explainsBetter(a: WantArc, b: WantArc) {
  const rank = KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  return rank !== 0 ? rank < 0 : (a.ref ?? '') < (b.ref ?? '');
}

/**
 * Arcs gathered from any number of reads, one per (from, to), each kept with the want that
 * explains it best (the same one whichever reads brought it in).
 */
export class ArcSet {
  private readonly byPair = new Map<string, WantArc>();

  add(rows: WantArc[]) {
    for (const row of rows) {
      const key = `${row.from}>${row.to}`;
      const known = this.byPair.get(key);
      if (!known || explainsBetter(row, known)) this.byPair.set(key, row);
    }
  }

  get size() {
    return this.byPair.size;
  }

  arcs(): WantArc[] {
    return [...this.byPair.values()];
  }
}

/** The owners and values of these items, ordered by id (the engine's index order). */
export async function loadGraphItems(db: Queryable, ids: string[]): Promise<GraphItem[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    owner_id: string;
    estimated_value: number;
    is_giveaway: boolean;
  }>(
    db,
    sql`select id, user_id as owner_id, estimated_value, is_giveaway from items where id = any(${idArray(ids)}) order by id`,
  );
  return rows.map((row) => ({
    id: row.id,
    ownerId: row.owner_id,
    estimatedValue: row.estimated_value,
    isGiveaway: row.is_giveaway,
  }));
}

/** The graph of these arcs: its items ordered by id, so that any subgraph lists them in the same order. */
export async function wantGraphOf(db: Queryable, set: ArcSet): Promise<WantGraph> {
  const arcs = set.arcs();
  const ids = [...new Set(arcs.flatMap((arc) => [arc.from, arc.to]))];
  return { items: await loadGraphItems(db, ids), arcs };
}

/** The whole graph: every arc between tradable items, each explained by one want. */
export async function loadWantGraph(db: Queryable): Promise<WantGraph> {
  const set = new ArcSet();
  set.add(await loadArcRows(db));
  return wantGraphOf(db, set);
}

export interface RuleCriteria {
  category: string | null;
  gender: string | null;
  sizes: string[];
  brands: string[];
  minConditionRank: number | null;
  colors: string[];
  minValueRatio: number;
  maxValueRatio: number;
  itemIds: string[];
}

/**
 * How many listed items of other members the rule matches for at least one of the member's listings
 * it applies to (the value band is relative to the item given). While the member has no such
 * listing, the band cannot apply and the count ignores it.
 */
export async function countRuleMatches(db: Queryable, memberId: string, rule: RuleCriteria) {
  const json = (list: string[]) => sql`${JSON.stringify(list)}::jsonb`;
  const textArray = (list: string[]) => sql`array(select jsonb_array_elements_text(${json(list)}))::text[]`;
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`
      with r as (
        select ${rule.category}::text as category, ${rule.gender}::text as gender,
          ${textArray(rule.sizes)} as sizes, ${textArray(rule.brands)} as brands,
          ${rule.minConditionRank}::smallint as min_condition_rank, ${textArray(rule.colors)} as colors,
          ${rule.minValueRatio}::real as min_value_ratio, ${rule.maxValueRatio}::real as max_value_ratio,
          array(select jsonb_array_elements_text(${json(rule.itemIds)})::uuid) as item_ids,
          ${memberId}::uuid as user_id
      ),
      givers as (
        select g.id, g.estimated_value from r join items g on g.user_id = r.user_id
        where ${listed('g')} and ${ruleApplies}
      )
      select count(*)::int as count
      from r join items j on j.user_id <> r.user_id and ${listed('j')} and ${ruleCriteria}
      where ${noBlock('r.user_id', 'j.user_id')}
        and (not exists (select 1 from givers)
          or exists (select 1 from givers g where ${inBand(sql.raw('r.min_value_ratio'), sql.raw('r.max_value_ratio'))}))`,
  );
  return row?.count ?? 0;
}

/** How long one read of the global re-pack may run before it is cancelled (PostgreSQL). */
export const REPACK_READ_TIMEOUT_MS = 60_000;

/**
 * The global re-pack's read of the whole graph, in one read-only transaction whose statements are
 * bounded: `statement_timeout` cancels a read that runs away (a plan chosen on stale or missing
 * statistics, a market far larger than planned for) instead of letting it hold a connection and the
 * sweep for hours; the re-pack then fails and runs again at its next turn. PGlite accepts the setting
 * but has no timer to enforce it.
 */
export async function loadRepackGraph(
  db: Db,
  statementTimeoutMs: number = REPACK_READ_TIMEOUT_MS,
): Promise<WantGraph> {
  return db.transaction(
    async (tx) => {
      await tx.execute(
        sql`select set_config('statement_timeout', ${String(Math.round(statementTimeoutMs))}, true)`,
      );
      return loadWantGraph(tx);
    },
    { accessMode: 'read only' },
  );
}
