import { eq, inArray, sql } from 'drizzle-orm';
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
import { noBlockBetween } from '../safety/safety.query';
import { itemColumns, presentItem } from './items.presenter';

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

/** The profile category of `items` (its style, or Shoes / Accessories), as in common/domain/matching.ts. */
const profileCategory = sql`case when ${items.style} is not null and ${items.style} <> 'Watches' then ${items.style}
  when ${items.category} = 'shoes' then 'Shoes' when ${items.category} = 'accessories' then 'Accessories' end`;

/**
 * Up to 12 listed items like `target`: the same category and department, ranked by one score
 * over brand, size (the viewer's own, the same, or one step away), value (within 30 %), style,
 * shared tags, colours and title words. An item qualifies only with at least one of value, brand,
 * tags or title words in common (a shared colour alone is too common to count), which the indexes
 * find (items_active_similar_idx on category, department and value, and the brand and GIN indexes),
 * so the score is computed for the candidates only. Never the item itself, the viewer's own
 * items, blocked members' items or away members' items.
 */
async function rankSimilar(ctx: ServiceContext, target: ItemRow, viewerId: string | undefined) {
  const sizes = await viewerSizes(ctx, viewerId);
  const low = Math.floor(target.estimatedValue * (1 - SIMILAR_VALUE_BAND));
  const high = Math.ceil(target.estimatedValue * (1 + SIMILAR_VALUE_BAND));
  const words = titleWords(target.title);
  const wordQuery = words.length ? sql`websearch_to_tsquery('english', ${words.join(' or ')})` : null;
  const targetBrand = target.brand?.trim().toLowerCase() || null;
  const targetSize = target.size?.trim().toLowerCase() || null;
  const near = neighbouringSizes(target.size);

  const sameBrand = targetBrand ? sql`coalesce(lower(${items.brand}) = ${targetBrand}, false)` : sql`false`;
  const yourSize = viewerId
    ? sql`coalesce((${JSON.stringify(sizes)}::jsonb -> ${profileCategory}) @> to_jsonb(lower(${items.size})), false)`
    : sql`false`;
  const sameSize = targetSize ? sql`coalesce(lower(${items.size}) = ${targetSize}, false)` : sql`false`;
  const nearSize = near.length
    ? sql`coalesce(lower(${items.size}) = any(${sql.param(near)}::text[]), false)`
    : sql`false`;
  const similarValue = sql`${items.estimatedValue} between ${low} and ${high}`;
  const sameStyle = target.style ? sql`coalesce(${items.style} = ${target.style}, false)` : sql`false`;
  const sharedTags = target.tags.length
    ? sql`(select count(*) from unnest(${items.tags}) tag where tag = any(${sql.param(target.tags)}::text[]))::int`
    : sql`0`;
  const sharedColours = target.colors.length
    ? sql`(select count(*) from unnest(${items.colors}) colour where colour = any(${sql.param(target.colors)}::text[]))::int`
    : sql`0`;
  const sharedWords = wordQuery
    ? sql`(select count(*) from unnest(tsvector_to_array(to_tsvector('english', ${items.title}))) word
        where word = any(tsvector_to_array(to_tsvector('english', ${words.join(' ')}))))::int`
    : sql`0`;

  // Something beyond category in common, each arm served by an index.
  const related = sql.join(
    [
      similarValue,
      targetBrand ? sql`lower(${items.brand}) = ${targetBrand}` : null,
      target.tags.length ? sql`${items.tags} && ${sql.param(target.tags)}::text[]` : null,
      wordQuery ? sql`${items.titleVector} @@ ${wordQuery}` : null,
    ].filter((arm) => arm !== null),
    sql` or `,
  );

  const signals = sql`select ${items.id} as id,
      ${sameBrand} as same_brand, ${yourSize} as your_size, ${sameSize} as same_size,
      ${nearSize} as near_size, ${similarValue} as similar_value, ${sameStyle} as same_style,
      ${sharedTags} as shared_tags, ${sharedColours} as shared_colours, ${sharedWords} as shared_words,
      ${items.createdAt} as created_at
    from ${items}
    where ${items.isActive} and ${items.deletedAt} is null
      and ${items.availability} in ('available', 'pending')
      and ${items.category} = ${target.category} and ${items.gender} = ${target.gender}
      and ${items.id} <> ${target.id}
      and (${related})
      and ${ownerPresent(items.userId)}
      ${viewerId ? sql`and ${items.userId} <> ${viewerId} and ${noBlockBetween(viewerId, items.userId)}` : sql``}`;

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

/**
 * Similar items for anyone, visitors too. Any item that ever existed has them, traded, withdrawn
 * or deleted ones included: their page shows these instead of a dead end.
 */
export async function similarItems(
  ctx: ServiceContext,
  viewerId: string | undefined,
  itemId: string,
): Promise<SimilarItem[]> {
  const [target] = await ctx.db.select().from(items).where(eq(items.id, itemId)).limit(1);
  if (!target) throw notFound('Item not found');
  const ranked = await rankSimilar(ctx, target, viewerId);
  if (ranked.length === 0) return [];
  const rows = await ctx.db
    .select(itemColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(
      inArray(
        items.id,
        ranked.map((row) => row.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.item.id, row]));
  return ranked.flatMap((signal) => {
    const row = byId.get(signal.id);
    return row ? [{ item: presentItem(row), reasons: reasonsOf(signal) }] : [];
  });
}
