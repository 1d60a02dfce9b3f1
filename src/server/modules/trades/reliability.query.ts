import { sql } from 'drizzle-orm';
import type { Reliability } from '../../../common/api/trades';
import { queryRows } from '../../db/connect';
import { ringLegs, rings, tradeDisputes, tradeRequests, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';

interface ReliabilityRow {
  found: boolean;
  completed: number;
  accepted: number;
  cancelled: number;
  disputes_lost: number;
  median_days: number | string | null;
}

/**
 * A member's trading record in one query, the one home of the rule for pairwise trades and swap
 * rings alike (a ring counts once per member, with the receipt of the item they received):
 * completed swaps; of the swaps that were accepted, the share this member cancelled (expiries,
 * moderators' cancellations and cancellations of a swap with a suspended member blame no one; a
 * cancellation past a sender's shipping deadline, with nothing sent, blames that late sender and not
 * the canceller); disputes opened against them, about a trade or a ring
 * leg, that a moderator settled by cancelling; and the median days from acceptance to their own
 * receipt confirmation.
 */
export async function memberReliability(ctx: ServiceContext, userId: string): Promise<Reliability> {
  const [row] = await queryRows<ReliabilityRow>(
    ctx.db,
    sql`
      with mine as (
        select t.status, t.accepted_at, t.cancelled_by_id, t.cancel_excused, t.late_sender_id as late_id,
          case when t.owner_id = ${userId} then t.owner_received_at else t.requester_received_at end as received_at
        from ${tradeRequests} t
        where t.requester_id = ${userId} or t.owner_id = ${userId}
        union all
        select r.status, r.accepted_at, r.cancelled_by_id, r.cancel_excused, r.late_giver_id, got.received_at
        from ${ringLegs} gave
        join ${rings} r on r.id = gave.ring_id
        join ${ringLegs} got on got.ring_id = gave.ring_id and got.receiver_id = gave.giver_id
        where gave.giver_id = ${userId}
      )
      select
        exists (select 1 from ${users} where id = ${userId}) as found,
        (count(*) filter (where status = 'completed'))::int as completed,
        (count(*) filter (where accepted_at is not null))::int as accepted,
        (count(*) filter (where accepted_at is not null and status = 'cancelled'
          and ((cancelled_by_id = ${userId} and not cancel_excused) or late_id = ${userId})))::int as cancelled,
        (select count(*)::int from ${tradeDisputes} d where d.against_id = ${userId} and d.outcome = 'cancelled') as disputes_lost,
        percentile_cont(0.5) within group (
          order by extract(epoch from (received_at - accepted_at)) / 86400
        ) as median_days
      from mine`,
  );
  if (!row?.found) throw notFound('members.not_found');
  const median = row.median_days === null ? null : Number(row.median_days);
  return {
    completedTrades: row.completed,
    acceptedTrades: row.accepted,
    cancelledShare: row.accepted === 0 ? null : row.cancelled / row.accepted,
    disputesLost: row.disputes_lost,
    medianReceiptDays: median === null ? null : Math.round(median * 10) / 10,
    isNew: row.accepted === 0,
  };
}
