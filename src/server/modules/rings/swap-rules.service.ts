import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { NewSwapRule, SwapRule, SwapRuleList, SwapRuleUpdate } from '../../../common/api/swap-rules';
import { MAX_SWAP_RULES } from '../../../common/api/swap-rules';
import { CONDITION_RANK, CONDITIONS, type Condition } from '../../../common/domain/taxonomy';
import type { Queryable } from '../../db/connect';
import { favorites, items, swapRules, wishlistItems } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { lockMember } from '../../lib/member-lock';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { countRuleMatches, type RuleCriteria } from './want-graph';

type RuleRow = typeof swapRules.$inferSelect;

const conditionOfRank = (rank: number | null): Condition | null =>
  rank === null ? null : (CONDITIONS.find((condition) => CONDITION_RANK[condition] === rank) ?? null);

const criteriaOf = (row: Omit<RuleRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>): RuleCriteria => ({
  category: row.category,
  gender: row.gender,
  sizes: row.sizes,
  brands: row.brands,
  minConditionRank: row.minConditionRank,
  colors: row.colors,
  minValueRatio: row.minValueRatio,
  maxValueRatio: row.maxValueRatio,
  itemIds: row.itemIds,
});

async function present(ctx: ServiceContext, row: RuleRow): Promise<SwapRule> {
  return {
    id: row.id,
    category: row.category,
    gender: row.gender,
    sizes: row.sizes,
    brands: row.brands,
    minCondition: conditionOfRank(row.minConditionRank),
    colors: row.colors as SwapRule['colors'],
    minValueRatio: Math.round(row.minValueRatio * 100) / 100,
    maxValueRatio: Math.round(row.maxValueRatio * 100) / 100,
    itemIds: row.itemIds,
    matchCount: await countRuleMatches(ctx.db, row.userId, criteriaOf(row)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Stored spellings: sizes and brands lower-cased and unique, chosen listings unique. */
function columnsOf(input: Partial<NewSwapRule>) {
  const unique = <T>(list: T[] | undefined) => (list ? [...new Set(list)] : undefined);
  return {
    category: input.category,
    gender: input.gender,
    sizes: unique(input.sizes?.map((size) => size.toLowerCase())),
    brands: unique(input.brands?.map((brand) => brand.toLowerCase())),
    minConditionRank:
      input.minCondition === undefined ? undefined : input.minCondition && CONDITION_RANK[input.minCondition],
    colors: unique(input.colors),
    minValueRatio: input.minValueRatio,
    maxValueRatio: input.maxValueRatio,
    itemIds: unique(input.itemIds),
  };
}

/** A rule may name only the member's own items that are not deleted. */
async function checkOwnItems(tx: Queryable, memberId: string, itemIds: string[] | undefined) {
  if (!itemIds || itemIds.length === 0) return;
  const own = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(inArray(items.id, itemIds), eq(items.userId, memberId), isNull(items.deletedAt)));
  if (own.length !== new Set(itemIds).size) throw badRequest('swap_rules.own_listings_only');
}

export async function listSwapRules(ctx: ServiceContext, memberId: string): Promise<SwapRuleList> {
  const [rows, [favoriteCount], [wishlistCount]] = await Promise.all([
    ctx.db
      .select()
      .from(swapRules)
      .where(eq(swapRules.userId, memberId))
      .orderBy(asc(swapRules.createdAt), asc(swapRules.id)),
    ctx.db.select({ value: count() }).from(favorites).where(eq(favorites.userId, memberId)),
    ctx.db.select({ value: count() }).from(wishlistItems).where(eq(wishlistItems.userId, memberId)),
  ]);
  const rules: SwapRule[] = [];
  for (const row of rows) rules.push(await present(ctx, row));
  return { rules, favorites: favoriteCount?.value ?? 0, wishlistEntries: wishlistCount?.value ?? 0 };
}

export async function createSwapRule(ctx: ServiceContext, memberId: string, input: NewSwapRule) {
  const row = await transact(ctx, async (tx, effects) => {
    // The cap counts under the member's lock: concurrent creates take turns.
    await lockMember(tx, memberId);
    const [existing] = await tx
      .select({ value: count() })
      .from(swapRules)
      .where(eq(swapRules.userId, memberId));
    if ((existing?.value ?? 0) >= MAX_SWAP_RULES) {
      throw badRequest('swap_rules.too_many', { maximum: MAX_SWAP_RULES });
    }
    await checkOwnItems(tx, memberId, input.itemIds);
    const columns = columnsOf(input);
    const [inserted] = await tx
      .insert(swapRules)
      .values({
        ...columns,
        userId: memberId,
        sizes: columns.sizes ?? [],
        brands: columns.brands ?? [],
        colors: columns.colors ?? [],
        itemIds: columns.itemIds ?? [],
        minConditionRank: columns.minConditionRank ?? null,
      })
      .returning();
    if (!inserted) throw new Error('swap rule insert returned nothing');
    await effects.emit('swap-rules.changed', { memberId });
    return inserted;
  });
  return present(ctx, row);
}

/** Only the member's own rule; another member's id answers 404 like an unknown one. */
export async function updateSwapRule(
  ctx: ServiceContext,
  memberId: string,
  id: string,
  input: SwapRuleUpdate,
) {
  const row = await transact(ctx, async (tx, effects) => {
    const [current] = await tx
      .select()
      .from(swapRules)
      .where(and(eq(swapRules.id, id), eq(swapRules.userId, memberId)))
      .for('update');
    if (!current) throw notFound('swap_rules.not_found');
    const min = input.minValueRatio ?? current.minValueRatio;
    const max = input.maxValueRatio ?? current.maxValueRatio;
    if (min > max) throw badRequest('swap_rules.band_order');
    await checkOwnItems(tx, memberId, input.itemIds);
    const [updated] = await tx
      .update(swapRules)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(swapRules.id, id))
      .returning();
    if (!updated) throw notFound('swap_rules.not_found');
    await effects.emit('swap-rules.changed', { memberId });
    return updated;
  });
  return present(ctx, row);
}

export async function deleteSwapRule(ctx: ServiceContext, memberId: string, id: string) {
  const removed = await ctx.db
    .delete(swapRules)
    .where(and(eq(swapRules.id, id), eq(swapRules.userId, memberId)))
    .returning({ id: swapRules.id });
  if (removed.length === 0) throw notFound('swap_rules.not_found');
}

/** The live count for a rule being edited, before it is saved. */
export async function previewRuleMatches(ctx: ServiceContext, memberId: string, input: NewSwapRule) {
  const columns = columnsOf(input);
  return {
    matchCount: await countRuleMatches(ctx.db, memberId, {
      category: input.category,
      gender: input.gender,
      sizes: columns.sizes ?? [],
      brands: columns.brands ?? [],
      minConditionRank: columns.minConditionRank ?? null,
      colors: input.colors,
      minValueRatio: input.minValueRatio,
      maxValueRatio: input.maxValueRatio,
      itemIds: input.itemIds,
    }),
  };
}
