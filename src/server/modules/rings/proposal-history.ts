import { sql } from 'drizzle-orm';
import { type DealRecord, type ProposalRecord, ringMemberOdds } from '../../../common/domain/ring-odds';
import { queryRows, type Queryable } from '../../db/connect';

/**
 * What past proposals and deals say about the next ring (docs/decisions/007-swap-rings.md). The id
 * lists go to the database as one JSON parameter, so the global re-pack may ask about every member
 * and item of the market at once.
 */

const idSet = (ids: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/**
 * p(member) for each member (ringMemberOdds): rings decided with them and how many they accepted;
 * trades and rings they were in that reached "accepted", those they cancelled themselves, and the
 * disputes against them a moderator settled by cancelling.
 */
export async function memberOdds(db: Queryable, memberIds: string[]): Promise<Map<string, number>> {
  const odds = new Map<string, number>();
  if (memberIds.length === 0) return odds;
  const ids = idSet(memberIds);
  // Three independent reads, made at once.
  const [ringRows, tradeRows, disputeRows] = await Promise.all([
    queryRows<{
      member_id: string;
      proposed: number;
      accepted: number;
      kept: number;
      cancelled: number;
    }>(
      db,
      sql`select l.giver_id as member_id,
          (count(*) filter (where r.status <> 'proposed'))::int as proposed,
          (count(*) filter (where r.status <> 'proposed' and l.accepted_at is not null))::int as accepted,
          (count(*) filter (where r.accepted_at is not null))::int as kept,
          (count(*) filter (where r.accepted_at is not null and r.status = 'cancelled'
            and r.cancelled_by_id = l.giver_id))::int as cancelled
        from ring_legs l join rings r on r.id = l.ring_id
        where l.giver_id in ${ids}
        group by l.giver_id`,
    ),
    queryRows<{ member_id: string; accepted: number; cancelled: number }>(
      db,
      sql`select m.member_id,
          (count(*))::int as accepted,
          (count(*) filter (where m.status = 'cancelled' and m.cancelled_by_id = m.member_id))::int as cancelled
        from (
          select requester_id as member_id, status, cancelled_by_id from trade_requests
          where accepted_at is not null and requester_id in ${ids}
          union all
          select owner_id, status, cancelled_by_id from trade_requests
          where accepted_at is not null and owner_id in ${ids}
        ) m
        group by m.member_id`,
    ),
    queryRows<{ member_id: string; lost: number }>(
      db,
      sql`select against_id as member_id, count(*)::int as lost from trade_disputes
        where outcome = 'cancelled' and against_id in ${ids} group by against_id`,
    ),
  ]);
  const proposals = new Map<string, ProposalRecord>();
  const deals = new Map<string, DealRecord>();
  const deal = (id: string) => {
    let record = deals.get(id);
    if (!record) deals.set(id, (record = { accepted: 0, cancelled: 0, disputesLost: 0 }));
    return record;
  };
  for (const row of ringRows) {
    proposals.set(row.member_id, { accepted: row.accepted, proposed: row.proposed });
    deal(row.member_id).accepted += row.kept;
    deal(row.member_id).cancelled += row.cancelled;
  }
  for (const row of tradeRows) {
    deal(row.member_id).accepted += row.accepted;
    deal(row.member_id).cancelled += row.cancelled;
  }
  for (const row of disputeRows) deal(row.member_id).disputesLost += row.lost;
  for (const id of memberIds) {
    odds.set(
      id,
      ringMemberOdds(
        proposals.get(id) ?? { accepted: 0, proposed: 0 },
        deals.get(id) ?? { accepted: 0, cancelled: 0, disputesLost: 0 },
      ),
    );
  }
  return odds;
}

/**
 * The item sets of rings through these items that members turned down (declined, or let expire),
 * each as its sorted ids: the engine does not propose the same ring again. A ring dissolved for other
 * reasons (an item went elsewhere) may be.
 */
export async function rejectedItemSets(db: Queryable, itemIds: string[]): Promise<string[][]> {
  if (itemIds.length === 0) return [];
  const rows = await queryRows<{ ring_id: string; item_id: string }>(
    db,
    sql`select l.ring_id, l.item_id from ring_legs l join rings r on r.id = l.ring_id
        where r.status in ('declined', 'expired')
          and l.ring_id in (select ring_id from ring_legs where item_id in ${idSet(itemIds)})`,
  );
  const byRing = new Map<string, string[]>();
  for (const row of rows) byRing.set(row.ring_id, [...(byRing.get(row.ring_id) ?? []), row.item_id]);
  return [...byRing.values()].map((ids) => ids.sort());
}
