import { eq, sql } from 'drizzle-orm';
import { TOWN_SUGGESTIONS, type Town } from '../../../common/api/towns';
import { towns } from '../../db/schema';
import { townSearchName } from '../../db/towns';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';

const columns = { id: towns.id, name: towns.name, region: towns.region, country: towns.country };

/** `like` pattern of a prefix: the wildcards in it match themselves. */
function likePrefix(value: string) {
  return `${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The autocomplete: towns whose accent-free, lower-cased name starts with the text, the most
 * populous first (the index on (search_name text_pattern_ops, population desc) finds the range).
 */
export async function searchTowns(ctx: ServiceContext, q: string): Promise<Town[]> {
  const prefix = townSearchName(q);
  if (!prefix) return [];
  return ctx.db
    .select(columns)
    .from(towns)
    .where(sql`${towns.searchName} like ${likePrefix(prefix)}`)
    .orderBy(sql`${towns.population} desc`, towns.id)
    .limit(TOWN_SUGGESTIONS);
}

export async function getTown(ctx: ServiceContext, id: number): Promise<Town> {
  const [row] = await ctx.db.select(columns).from(towns).where(eq(towns.id, id));
  if (!row) throw notFound('town.not_found');
  return row;
}
