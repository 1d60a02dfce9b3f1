import { eq, sql } from 'drizzle-orm';
import { SIMILARITY_REASONS, type SimilarItem, type SimilarityReason } from '../../../common/api/items';
import {
  neighbouringSizes,
  SIMILAR_ITEMS_LIMIT,
  SIMILAR_VALUE_BAND,
  titleWords,
} from '../../../common/domain/similar-items';
import type { items as itemsTable } from '../../db/schema';
import { queryRows } from '../../db/connect';
import { items, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ownerPresent } from '../../lib/item-visibility';
import type { ServiceContext } from '../../lib/service-context';
import { noBlockBetween } from '../safety';
import { presentItem, shownItemsByIds } from './items.presenter';

type ItemRow = typeof itemsTable.$inferSelect;

/** What each signal adds to the score (constants, written into the SQL); the reasons list them strongest first. */
const WEIGHT = {
  brand: 4,
  yourSize: 3,
  sameSize: 3,
  nearSize: 1.5,
  value: 2,
  style: 1.5,
  perTag: 1,
  perColour: 0.75,
  perWord: 1.5,
} as const;
const w = (name: keyof typeof WEIGHT) => sql.raw(WEIGHT[name].toFixed(2));

/** The viewer's preferred sizes per profile category, lower-cased: what "your size" compares with. */
async function viewerSizes(ctx: ServiceContext, viewerId: string | undefined) {
  if (!viewerId) return {};
  const [row] = await ctx.db
    .select({ sizes: users.preferredSizes })
    .from(users)
    .where(eq(users.id, viewerId));
  return Object.fromEntries(
    Object.entries(row?.sizes ?? {}).map(([category, sizes]) => [
      category,
      sizes.map((s) => s.toLowerCase()),
    ]),
  );
}

/** How many candidates each way of being related contributes before the ranking (see rankSimilar). */
const CANDIDATES_PER_SIDE_OF_VALUE = 60;
const CANDIDATES_PER_SIGNAL = 120;

/** A column of the candidate rows (`c`), which carry every column the ranking reads. */
const c = (column: string) => sql.raw(`c.${column}`);
const candidateColumns = sql.raw(
  [
    'id',
    'title',
    'category',
    'gender',
    'brand',
    'size',
    'estimated_value',
    'style',
    'tags',
    'colors',
    'created_at',
    'user_id',
  ]
    .map((column) => `items.${column}`)
    .join(', '),
);

/**
 * Up to 12 listed items like `target`: the same category and department, ranked by one score
 * over brand, size (the viewer's own, the same, or one step away), value (within 30 %), style,
 * shared tags, colours and title words. An item qualifies only with at least one of value, brand,
 * tags or title words in common (a shared colour alone is too common to count).
 *
 * The score is computed for a bounded set of candidates, each way of being related read through
 * its own index: the 60 listings closest in value on either side (items_active_similar_idx), and
 * up to 120 of the same brand, 120 sharing a tag and 120 sharing a title word. Ranking every
 * related listing instead read most of a department (18,000 rows at 100,000 items, over a second
 * on a cold cache; docs/decisions/008-uncached-paths.md). Never the item itself, the viewer's own
 * items, blocked members' items or away members' items.
 */
async function rankSimilar(ctx: ServiceContext, target: ItemRow, viewerId: string | undefined) {
  const sizes = await viewerSizes(ctx, viewerId);
  const value = target.estimatedValue;
  const low = Math.floor(value * (1 - SIMILAR_VALUE_BAND));
  const high = Math.ceil(value * (1 + SIMILAR_VALUE_BAND));
  const words = titleWords(target.title);
  const wordQuery = words.length ? sql`websearch_to_tsquery('english', ${words.join(' or ')})` : null;
  const targetBrand = target.brand?.trim().toLowerCase() || null;
  const targetSize = target.size?.trim().toLowerCase() || null;
  const near = neighbouringSizes(target.size);

  const sameBrand = targetBrand ? sql`coalesce(lower(${c('brand')}) = ${targetBrand}, false)` : sql`false`;
  // The profile category of a candidate (its style, or Shoes / Accessories), as in common/domain/matching.ts.
  const profileCategory = sql`case when ${c('style')} is not null and ${c('style')} <> 'Watches' then ${c('style')}
    when ${c('category')} = 'shoes' then 'Shoes' when ${c('category')} = 'accessories' then 'Accessories' end`;
  const yourSize = viewerId
    ? sql`coalesce((${JSON.stringify(sizes)}::jsonb -> ${profileCategory}) @> to_jsonb(lower(${c('size')})), false)`
    : sql`false`;
  const sameSize = targetSize ? sql`coalesce(lower(${c('size')}) = ${targetSize}, false)` : sql`false`;
  const nearSize = near.length
    ? sql`coalesce(lower(${c('size')}) = any(${sql.param(near)}::text[]), false)`
    : sql`false`;
  const similarValue = sql`${c('estimated_value')} between ${low} and ${high}`;
  const sameStyle = target.style ? sql`coalesce(${c('style')} = ${target.style}, false)` : sql`false`;
  const sharedTags = target.tags.length
    ? sql`(select count(*) from unnest(${c('tags')}) tag where tag = any(${sql.param(target.tags)}::text[]))::int`
    : sql`0`;
  const sharedColours = target.colors.length
    ? sql`(select count(*) from unnest(${c('colors')}) colour where colour = any(${sql.param(target.colors)}::text[]))::int`
    : sql`0`;
  const sharedWords = wordQuery
    ? sql`(select count(*) from unnest(tsvector_to_array(to_tsvector('english', ${c('title')}))) word
        where word = any(tsvector_to_array(to_tsvector('english', ${words.join(' ')}))))::int`
    : sql`0`;

  // Each arm reads one index, bounded; the department and every other condition are applied to the union.
  const listed = sql`${items.isActive} and ${items.deletedAt} is null and ${items.availability} in ('available', 'pending')`;
  const sameKind = sql`${items.category} = ${target.category} and ${items.gender} = ${target.gender}`;
  const arms = [
    sql`select ${candidateColumns} from ${items} where ${listed} and ${sameKind}
      and ${items.estimatedValue} between ${value} and ${high}
      order by ${items.estimatedValue} limit ${CANDIDATES_PER_SIDE_OF_VALUE}`,
    sql`select ${candidateColumns} from ${items} where ${listed} and ${sameKind}
      and ${items.estimatedValue} between ${low} and ${value}
      order by ${items.estimatedValue} desc limit ${CANDIDATES_PER_SIDE_OF_VALUE}`,
    targetBrand
      ? sql`select ${candidateColumns} from ${items} where ${listed} and lower(${items.brand}) = ${targetBrand}
        limit ${CANDIDATES_PER_SIGNAL}`
      : null,
    target.tags.length
      ? sql`select ${candidateColumns} from ${items} where ${listed} and ${items.tags} && ${sql.param(target.tags)}::text[]
        limit ${CANDIDATES_PER_SIGNAL}`
      : null,
    wordQuery
      ? sql`select ${candidateColumns} from ${items} where ${listed} and ${items.titleVector} @@ ${wordQuery}
        limit ${CANDIDATES_PER_SIGNAL}`
      : null,
  ].filter((arm) => arm !== null);
  const candidates = sql.join(
    arms.map((arm) => sql`(${arm})`),
    sql` union `,
  );

  const signals = sql`select ${c('id')} as id,
      ${sameBrand} as same_brand, ${yourSize} as your_size, ${sameSize} as same_size,
      ${nearSize} as near_size, ${similarValue} as similar_value, ${sameStyle} as same_style,
      ${sharedTags} as shared_tags, ${sharedColours} as shared_colours, ${sharedWords} as shared_words,
      ${c('created_at')} as created_at
    from (${candidates}) c
    where ${c('id')} <> ${target.id}
      and ${c('category')} = ${target.category} and ${c('gender')} = ${target.gender}
      and ${ownerPresent(c('user_id'))}
      ${viewerId ? sql`and ${c('user_id')} <> ${viewerId} and ${noBlockBetween(viewerId, c('user_id'))}` : sql``}`;

  const score = sql`(case when s.same_brand then ${w('brand')} else 0 end
      + case when s.your_size then ${w('yourSize')} else 0 end
      + case when s.same_size then ${w('sameSize')} when s.near_size then ${w('nearSize')} else 0 end
      + case when s.similar_value then ${w('value')} else 0 end
      + case when s.same_style then ${w('style')} else 0 end
      + least(s.shared_tags, 3) * ${w('perTag')}
      + least(s.shared_colours, 2) * ${w('perColour')}
      + least(s.shared_words, 3) * ${w('perWord')})`;

  return queryRows<{
    id: string;
    same_brand: boolean;
    your_size: boolean;
    same_size: boolean;
    near_size: boolean;
    similar_value: boolean;
    same_style: boolean;
    shared_tags: number;
    shared_colours: number;
    shared_words: number;
  }>(
    ctx.db,
    sql`select s.* from (${signals}) s
    order by ${score} desc, s.created_at desc, s.id
    limit ${SIMILAR_ITEMS_LIMIT}`,
  );
}

type SignalRow = Awaited<ReturnType<typeof rankSimilar>>[number];

function reasonsOf(row: SignalRow): SimilarityReason[] {
  const present: Record<SimilarityReason, boolean> = {
    'same brand': row.same_brand,
    'your size': row.your_size,
    'same size': row.same_size && !row.your_size,
    'similar size': row.near_size && !row.same_size && !row.your_size,
    'similar value': row.similar_value,
    'same style': row.same_style,
    'shared tags': Number(row.shared_tags) > 0,
    'same colours': Number(row.shared_colours) > 0,
    'similar name': Number(row.shared_words) > 0,
  };
  return SIMILARITY_REASONS.filter((reason) => present[reason]);
}

/** Similar items, with the department (category and gender) of the item they are like. */
export interface SimilarAnswer {
  department: { category: string; gender: string };
  similar: SimilarItem[];
}

/**
 * Similar items for anyone, visitors too. Any item that ever existed has them, traded, withdrawn
 * or deleted ones included: their page shows these instead of a dead end. Every one of them is of
 * the target's department, which is what a cached visitor's answer depends on (items.routes.ts).
 */
export async function similarItemsOf(
  ctx: ServiceContext,
  viewerId: string | undefined,
  itemId: string,
): Promise<SimilarAnswer> {
  const [target] = await ctx.db.select().from(items).where(eq(items.id, itemId)).limit(1);
  if (!target) throw notFound('items.not_found');
  const department = { category: target.category, gender: target.gender };
  const ranked = await rankSimilar(ctx, target, viewerId);
  if (ranked.length === 0) return { department, similar: [] };
  const rows = await shownItemsByIds(
    ctx.db,
    ranked.map((row) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.item.id, row]));
  const similar = ranked.flatMap((signal) => {
    const row = byId.get(signal.id);
    return row ? [{ item: presentItem(row), reasons: reasonsOf(signal) }] : [];
  });
  return { department, similar };
}
