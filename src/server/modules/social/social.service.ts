import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ActivityEntry, FriendRecommendation, SocialStats } from '../../../common/api/social';
import {
  influenceScore,
  recommendationReasons,
  recommendationScore,
  styleCompatibility,
  stylistRating,
  tradingPotential,
} from '../../../common/domain/social-scoring';
import { type Db, queryRows } from '../../db/connect';
import type { ServiceContext } from '../../lib/service-context';
import { friendships, items, tradeRequests, users, wishlistItems } from '../../db/schema';
import { loadProfiles } from '../matching';
import { blockedIds } from '../safety';
import { presentUserSummary } from '../users';
import { wishlistMatchesItem } from '../wishlist';
import { connectedIds, friendIds } from './friendships.service';

/** Members considered for recommendations: the most recently active, and friends of friends. */
const CANDIDATE_POOL = 300;

const summary = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

/** For each candidate: how many of their listed items I want (wishlist or preferred category). */
async function wantedCounts(db: Db, wanterId: string, ownerIds: string[], preferredCategories: string[]) {
  const counts = new Map<string, number>();
  if (ownerIds.length === 0) return counts;
  const rows = await db
    .select({ ownerId: items.userId })
    .from(items)
    .where(
      and(
        inArray(items.userId, ownerIds),
        eq(items.isActive, true),
        sql`(exists (select 1 from ${wishlistItems} where ${wishlistItems.userId} = ${wanterId} and ${wishlistMatchesItem()})
          or ${items.style} = any(${sql.param(preferredCategories)}::text[])
          or (${items.category} = 'shoes' and 'Shoes' = any(${sql.param(preferredCategories)}::text[]))
          or (${items.category} = 'accessories' and 'Accessories' = any(${sql.param(preferredCategories)}::text[])))`,
      ),
    )
    .limit(5000);
  for (const row of rows) counts.set(row.ownerId, (counts.get(row.ownerId) ?? 0) + 1);
  return counts;
}

/**
 * For each wanter: how many of `ownerId`'s listed items they want (their wishlist or preferred
 * categories). One query for all of them, however many there are.
 */
async function wantedFromOwner(db: Db, ownerId: string, wanters: Array<{ id: string; prefs: string[] }>) {
  const counts = new Map<string, number>();
  if (wanters.length === 0) return counts;
  const rows = await queryRows<{ wanterId: string; wanted: number }>(
    db,
    sql`with wanter as (
          select (entry->>'id')::uuid as id,
                 array(select jsonb_array_elements_text(entry->'prefs')) as prefs
          from jsonb_array_elements(${JSON.stringify(wanters)}::jsonb) as entry
        )
        select wanter.id as "wanterId", count(*)::int as wanted
        from wanter join ${items} on ${items.userId} = ${ownerId} and ${items.isActive}
        where exists (select 1 from ${wishlistItems} where ${wishlistItems.userId} = wanter.id and ${wishlistMatchesItem()})
          or ${items.style} = any(wanter.prefs)
          or (${items.category} = 'shoes' and 'Shoes' = any(wanter.prefs))
          or (${items.category} = 'accessories' and 'Accessories' = any(wanter.prefs))
        group by wanter.id`,
  );
  for (const row of rows) counts.set(row.wanterId, Number(row.wanted));
  return counts;
}

async function candidatePool(db: Db, userId: string, exclude: Set<string>) {
  const friends = await friendIds(db, userId);
  const friendsOfFriends = friends.length
    ? await queryRows<{ id: string }>(
        db,
        sql`select distinct case when requester_id = any(${sql.param(friends)}::uuid[]) then addressee_id else requester_id end as id
            from ${friendships} where status = 'accepted'
              and (requester_id = any(${sql.param(friends)}::uuid[]) or addressee_id = any(${sql.param(friends)}::uuid[]))
            limit 200`,
      )
    : [];
  const active = await queryRows<{ id: string }>(
    db,
    sql`select user_id as id from ${items} where is_active group by user_id order by max(created_at) desc limit ${CANDIDATE_POOL}`,
  );
  const ids = [...new Set([...friendsOfFriends, ...active].map((row) => row.id))].filter(
    (id) => id !== userId && !exclude.has(id),
  );
  return { friends, ids };
}

async function mutualFriendsOf(db: Db, myFriends: string[], candidateIds: string[]) {
  const mutual = new Map<string, string[]>();
  if (myFriends.length === 0 || candidateIds.length === 0) return mutual;
  const rows = await queryRows<{ candidate: string; friend: string }>(
    db,
    sql`select case when requester_id = any(${sql.param(candidateIds)}::uuid[]) then requester_id else addressee_id end as candidate,
               case when requester_id = any(${sql.param(candidateIds)}::uuid[]) then addressee_id else requester_id end as friend
        from ${friendships} where status = 'accepted'
          and ((requester_id = any(${sql.param(candidateIds)}::uuid[]) and addressee_id = any(${sql.param(myFriends)}::uuid[]))
            or (addressee_id = any(${sql.param(candidateIds)}::uuid[]) and requester_id = any(${sql.param(myFriends)}::uuid[])))`,
  );
  for (const row of rows) mutual.set(row.candidate, [...(mutual.get(row.candidate) ?? []), row.friend]);
  return mutual;
}

interface Ranked {
  userId: string;
  style: ReturnType<typeof styleCompatibility>;
  trading: number;
  score: number;
  theirsForMe: number;
  mineForThem: number;
  mutual: string[];
}

async function rankMembers(db: Db, userId: string, excludeConnected: boolean): Promise<Ranked[]> {
  const exclude = excludeConnected ? await connectedIds(db, userId) : new Set<string>();
  // Members blocked either way are never recommended to each other.
  for (const id of await blockedIds(db, userId)) exclude.add(id);
  const { friends, ids } = await candidatePool(db, userId, exclude);
  if (ids.length === 0) return [];
  const profiles = await loadProfiles(db, [userId, ...ids], userId);
  const me = profiles.get(userId);
  if (!me) return [];
  const [theirsForMe, mutual] = await Promise.all([
    wantedCounts(db, userId, ids, me.preferredCategories),
    mutualFriendsOf(db, friends, ids),
  ]);
  const mineForThem = await wantedFromOwner(
    db,
    userId,
    ids.flatMap((id) => {
      const profile = profiles.get(id);
      if (!profile || (profile.wishlist.length === 0 && profile.preferredCategories.length === 0)) return [];
      return [{ id, prefs: profile.preferredCategories }];
    }),
  );
  const style = (profile: typeof me) => ({
    categories: profile.preferredCategories,
    sizes: profile.preferredSizes,
    brands: profile.brands,
  });
  return ids
    .flatMap((id) => {
      const profile = profiles.get(id);
      if (!profile) return [];
      const match = styleCompatibility(style(me), style(profile));
      const theirs = theirsForMe.get(id) ?? 0;
      const mine = mineForThem.get(id) ?? 0;
      const trading = tradingPotential(theirs, mine);
      const mutualIds = mutual.get(id) ?? [];
      return [
        {
          userId: id,
          style: match,
          trading,
          score: recommendationScore(match.score, trading, mutualIds.length),
          theirsForMe: theirs,
          mineForThem: mine,
          mutual: mutualIds,
        },
      ];
    })
    .sort((a, b) => b.score - a.score);
}

export async function friendRecommendations(
  ctx: ServiceContext,
  memberId: string,
  limit = 10,
): Promise<FriendRecommendation[]> {
  const ranked = (await rankMembers(ctx.db, memberId, true)).slice(0, limit);
  const people = await ctx.db
    .select(summary)
    .from(users)
    .where(inArray(users.id, [...new Set(ranked.flatMap((r) => [r.userId, ...r.mutual]))].concat(memberId)));
  const byId = new Map(people.map((person) => [person.id, presentUserSummary(person)]));
  const brandLabels = await brandSpellings(
    ctx.db,
    ranked.flatMap((r) => r.style.sharedBrands),
  );
  return ranked.flatMap((r) => {
    const user = byId.get(r.userId);
    if (!user) return [];
    const sharedBrands = r.style.sharedBrands.map((brand) => brandLabels.get(brand) ?? brand);
    return [
      {
        user,
        styleCompatibility: r.style.score,
        tradingPotential: r.trading,
        recommendationScore: r.score,
        reasons: recommendationReasons({
          style: r.style,
          theirsForMe: r.theirsForMe,
          mineForThem: r.mineForThem,
          mutualFriends: r.mutual.length,
          brandLabels: sharedBrands,
        }),
        sharedBrands,
        mutualFriends: r.mutual.flatMap((id) => byId.get(id) ?? []),
      },
    ];
  });
}

/** Brands are compared lower-cased; show them as members write them. */
async function brandSpellings(db: Db, lowered: string[]) {
  if (lowered.length === 0) return new Map<string, string>();
  const rows = await db
    .selectDistinctOn([sql`lower(${items.brand})`], {
      key: sql<string>`lower(${items.brand})`,
      brand: items.brand,
    })
    .from(items)
    .where(sql`lower(${items.brand}) = any(${sql.param([...new Set(lowered)])}::text[])`);
  return new Map(rows.map((row) => [row.key, row.brand ?? row.key]));
}

export async function styleSimilar(ctx: ServiceContext, memberId: string, limit = 6) {
  const ranked = (await rankMembers(ctx.db, memberId, false))
    .filter((r) => r.style.score > 0)
    .sort((a, b) => b.style.score - a.style.score)
    .slice(0, limit);
  if (ranked.length === 0) return [];
  const people = await ctx.db
    .select(summary)
    .from(users)
    .where(
      inArray(
        users.id,
        ranked.map((r) => r.userId),
      ),
    );
  const byId = new Map(people.map((person) => [person.id, presentUserSummary(person)]));
  return ranked.flatMap((r) => byId.get(r.userId) ?? []);
}

/** The newest events of the member's friends, or of the whole community when they have none. */
export async function activityFeed(
  ctx: ServiceContext,
  memberId: string,
  limit = 10,
): Promise<ActivityEntry[]> {
  const friends = await friendIds(ctx.db, memberId);
  const scope = friends.length ? sql`= any(${sql.param(friends)}::uuid[])` : sql`is not null`;
  const rows = await queryRows<{
    id: string;
    user_id: string;
    action: string;
    item_id: string | null;
    item_title: string | null;
    item_images: string[] | null;
    at: Date | string;
  }>(
    ctx.db,
    sql`select * from (
      (select 'item:' || i.id as id, i.user_id, 'listed an item' as action, i.id as item_id, i.title as item_title, i.images as item_images, i.created_at as at
        from ${items} i where i.user_id ${scope} and i.deleted_at is null order by i.created_at desc limit ${limit})
      union all
      (select 'trade:' || t.id || ':' || p.user_id, p.user_id, 'completed a trade', i.id, i.title, i.images, t.completed_at
        from ${tradeRequests} t
        cross join lateral (values (t.requester_id, t.requested_item_id), (t.owner_id, t.offered_item_id)) as p(user_id, item_id)
        join ${items} i on i.id = p.item_id
        where t.status = 'completed' and p.user_id ${scope} order by t.completed_at desc limit ${limit})
      union all
      (select 'review:' || r.id, r.reviewer_id, 'left a review', null, null, null, r.created_at
        from reviews r where r.published_at is not null and r.reviewer_id ${scope} order by r.created_at desc limit ${limit})
      union all
      (select 'friends:' || f.id || ':' || side.user_id, side.user_id, 'became friends with ' || u.first_name, null, null, null, f.accepted_at
        from ${friendships} f
        cross join lateral (values (f.requester_id, f.addressee_id), (f.addressee_id, f.requester_id)) as side(user_id, other_id)
        join ${users} u on u.id = side.other_id
        where f.status = 'accepted' and side.user_id ${scope} order by f.accepted_at desc limit ${limit})
    ) events order by at desc limit ${limit}`,
  );
  if (rows.length === 0) return [];
  const people = await ctx.db
    .select(summary)
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.user_id))]));
  const byId = new Map(people.map((person) => [person.id, presentUserSummary(person)]));
  return rows.flatMap((row) => {
    const user = byId.get(row.user_id);
    if (!user) return [];
    return [
      {
        id: row.id,
        user,
        action: row.action,
        item:
          row.item_id && row.item_title
            ? { id: row.item_id, title: row.item_title, images: row.item_images ?? [] }
            : null,
        timestamp: new Date(row.at).toISOString(),
      },
    ];
  });
}

export async function socialStats(ctx: ServiceContext, memberId: string): Promise<SocialStats> {
  const friends = await friendIds(ctx.db, memberId);
  const [row] = await queryRows<{
    social_trades: number;
    favorites_received: number;
    listed: number;
    completed: number;
    rating: number | null;
    active_friends: number;
  }>(
    ctx.db,
    sql`select
      (select count(*)::int from ${tradeRequests} where status = 'completed'
        and ((requester_id = ${memberId} and owner_id = any(${sql.param(friends)}::uuid[]))
          or (owner_id = ${memberId} and requester_id = any(${sql.param(friends)}::uuid[])))) as social_trades,
      (select coalesce(sum(favorite_count), 0)::int from ${items} where user_id = ${memberId} and deleted_at is null) as favorites_received,
      (select count(*)::int from ${items} where user_id = ${memberId} and is_active) as listed,
      (select count(*)::int from ${tradeRequests} where status = 'completed' and (requester_id = ${memberId} or owner_id = ${memberId})) as completed,
      (select rating_average from ${users} where id = ${memberId}) as rating,
      (select count(distinct member)::int from (
         select user_id as member from ${items} where user_id = any(${sql.param(friends)}::uuid[]) and created_at > now() - interval '30 days'
         union select requester_id from ${tradeRequests} where requester_id = any(${sql.param(friends)}::uuid[]) and created_at > now() - interval '30 days'
         union select owner_id from ${tradeRequests} where owner_id = any(${sql.param(friends)}::uuid[]) and created_at > now() - interval '30 days'
       ) recent) as active_friends`,
  );
  return {
    totalFriends: friends.length,
    socialTradesCompleted: row?.social_trades ?? 0,
    influenceScore: influenceScore(friends.length, row?.favorites_received ?? 0, row?.completed ?? 0),
    trustRating: Math.round((row?.rating ?? 0) * 10) / 10,
    stylistRating: stylistRating(row?.favorites_received ?? 0, row?.listed ?? 0),
    activeTradingFriends: row?.active_friends ?? 0,
  };
}
