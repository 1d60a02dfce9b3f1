import { type SQL, sql } from 'drizzle-orm';
import type { ItemFilters, ItemListQuery } from '../../../common/api/items';
import { items, listedTowns } from '../../db/schema';
import { haversineKm, marketplaceWhere, townCentre } from './items.query';

/**
 * The distance sort, nearest first, read town by town (decision 024). Every item of a town lies at
 * its town's distance, so the page is: the towns in order of distance from the `near` town, and
 * each town's listed items in the sort's tiebreak order (newest, then id) from the index
 * items_active_town_walk_idx, through a lateral join under the page's LIMIT. PostgreSQL sorts the
 * towns, then reads one town's index range after another, and an incremental sort (by distance,
 * already in order) stops at the page: a page reads about its own rows plus one index probe per
 * town passed, however many items are listed. Items of owners without a town are town 0 of the
 * index and of listed_towns, without a distance, so they come last; `withinKm` keeps only the
 * towns that near.
 *
 * `towns` chooses where the towns with listed items come from:
 * - 'listed-towns' (the service's): the kept `listed_towns`, a few thousand rows read whole;
 * - 'skip-scan' (measured against it in bench/near-plan.ts): a recursive skip scan of the index,
 *   one probe per distinct town.
 *
 * Not for searches: a search's matches are few and found by its own index, then sorted.
 */
export function distanceWalk(
  query: Omit<ItemListQuery, 'sortBy'>,
  towns: 'listed-towns' | 'skip-scan' = 'listed-towns',
): SQL {
  const origin = townCentre(query.near as number);
  const { withinKm: _withinKm, near: _near, ...filters } = query;
  // The towns already keep the items within reach, and an item lies where its town does.
  const where = marketplaceWhere(filters);
  const townOf = sql`coalesce(${items.townId}, 0)`;
  const measured =
    towns === 'listed-towns'
      ? sql`select ${listedTowns.townId} as town_id,
            ${haversineKm(origin, { lat: sql`${listedTowns.lat}`, lon: sql`${listedTowns.lon}` })} as dist
          from ${listedTowns}`
      : sql`select seen.town_id, ${haversineKm(origin, { lat: sql`t.lat`, lon: sql`t.lon` })} as dist
          from (with recursive seen(town_id) as (
            (select ${townOf} from ${items} where ${items.isActive} order by ${townOf} limit 1)
            union all
            select (select coalesce(i.town_id, 0) from ${items} i
                where i.is_active and coalesce(i.town_id, 0) > seen.town_id
                order by coalesce(i.town_id, 0) limit 1)
              from seen where seen.town_id is not null
          ) select town_id from seen where town_id is not null) seen
          left join towns t on t.id = seen.town_id`;
  const reached = sql`select town_id, dist from (${measured}) measured
    ${query.withinKm === undefined ? sql`` : sql`where dist <= ${query.withinKm}`}
    order by dist asc nulls last`;
  return sql`(
    select page.id, near_towns.dist, page.created_at
    from (${reached}) near_towns
    cross join lateral (
      select ${items.id}, ${items.createdAt} from ${items}
      where ${townOf} = near_towns.town_id and ${where}
      order by ${items.createdAt} desc, ${items.id} desc
      limit ${sql.raw(String(query.offset + query.limit))}
    ) page
    order by near_towns.dist asc nulls last, page.created_at desc, page.id desc
    limit ${query.limit} offset ${query.offset}
  )`;
}

/** The distance sort is read town by town: nearest first from a town, and no search (whose own index finds its few matches). */
export function walksTowns(query: Pick<ItemListQuery, 'sortBy' | 'near' | 'search'>): boolean {
  return query.sortBy === 'distance' && query.near !== undefined && !query.search;
}

/**
 * A list within `withinKm` of a town, without a search, is counted town by town too (decision 024,
 * "The count"): the towns of listed_towns within reach, then each town's matching items from the
 * walk index. A search's few matches are counted from its own index, as before.
 */
export function countsByTown(filters: ItemFilters): boolean {
  return filters.near !== undefined && filters.withinKm !== undefined && !filters.search;
}

/**
 * The matches of a `countsByTown` filter set, at most `cap` rows (one column, `one`), as a FROM
 * item named `matches`: the towns of listed_towns within `withinKm` (an item lies where its town
 * does, so these are exactly the items the bounding box and distance test of `withinKmOf` keep),
 * and from each, through a lateral join on items_active_town_walk_idx, its matching listed items,
 * each town's read and the whole stopping at `cap`. No bounding-box scan of the items, and no sort.
 */
export function townMatches(filters: ItemFilters, cap: number): SQL {
  const origin = townCentre(filters.near as number);
  const { withinKm, near: _near, ...rest } = filters;
  const where = marketplaceWhere(rest);
  const townOf = sql`coalesce(${items.townId}, 0)`;
  const dist = haversineKm(origin, { lat: sql`${listedTowns.lat}`, lon: sql`${listedTowns.lon}` });
  return sql`(
    select 1 as one
    from (select ${listedTowns.townId} as town_id from ${listedTowns} where ${dist} <= ${withinKm}) near_towns
    cross join lateral (
      select 1 from ${items} where ${townOf} = near_towns.town_id and ${where}
      limit ${sql.raw(String(cap))}
    ) town_items
    limit ${sql.raw(String(cap))}
  ) as matches`;
}
