import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';

export interface SwappedFor {
  id: string;
  title: string;
  image: string | null;
}

/**
 * What a traded item went for: the other item of the completed pairwise trade (for an item of a
 * bundle, the first item of the other side), or, in a completed
 * swap ring, the item its giver received. Deleted items are left out. Null when there is none.
 */
export async function swappedFor(db: Db, itemId: string): Promise<SwappedFor | null> {
  const rows = await queryRows<{ id: string; title: string; image: string | null }>(
    db,
    sql`
      with received as (
        select case when t.requested_item_id = ${itemId} then t.offered_item_id else t.requested_item_id end as id,
               t.updated_at as at
          from trade_requests t
         where t.status = 'completed'
           and (t.requested_item_id = ${itemId} or t.offered_item_id = ${itemId})
        union all
        -- A bundle's later items: the first item of the other side.
        select case when b.side = 'requested' then t.offered_item_id else t.requested_item_id end as id,
               t.updated_at as at
          from trade_request_items b
          join trade_requests t on t.id = b.trade_request_id and t.status = 'completed'
         where b.item_id = ${itemId}
           and t.requested_item_id <> ${itemId} and t.offered_item_id <> ${itemId}
        union all
        select got.item_id as id, r.completed_at as at
          from ring_legs gave
          join rings r on r.id = gave.ring_id and r.status = 'completed'
          join ring_legs got on got.ring_id = gave.ring_id and got.receiver_id = gave.giver_id
         where gave.item_id = ${itemId}
      )
      select i.id, i.title, i.images[1] as image
        from received
        join items i on i.id = received.id and i.deleted_at is null
       order by received.at desc nulls last
       limit 1`,
  );
  return rows[0] ?? null;
}
