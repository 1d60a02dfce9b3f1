import { sql } from 'drizzle-orm';
import { type AdminStats, RESOLUTION_WINDOW_DAYS, STATS_WEEKS } from '../../../common/api/admin';
import { queryRows } from '../../db/connect';
import { items, reports, rings, tradeDisputes, tradeRequests, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';

interface WeekRow {
  week: string;
  new_members: number;
  new_listings: number;
  completed_swaps: number;
  completed_rings: number;
}

interface CurrentRow {
  open_reports: number;
  open_disputes: number;
  median_seconds: number | null;
  resolved: number;
}

/**
 * The console's dashboard in two queries. Weeks start on Monday 00:00 UTC. Each weekly figure is one
 * range scan of an index on its date column (users_created_idx, items_created_idx, the partial
 * indexes of completed trades and rings) grouped by date_trunc, joined to the 12 weeks so that quiet
 * weeks count 0. The open counts read the partial indexes of open reports and disputes; the median
 * reads the index of resolved reports by resolution time.
 */
export async function adminStats(ctx: ServiceContext): Promise<AdminStats> {
  const weeks = await queryRows<WeekRow>(
    ctx.db,
    sql`
      with bounds as (
        select (date_trunc('week', now() at time zone 'UTC') - make_interval(weeks => ${STATS_WEEKS - 1}))
          as first_week
      ),
      since as (select first_week at time zone 'UTC' as at from bounds),
      weeks as (
        select generate_series(first_week, first_week + make_interval(weeks => ${STATS_WEEKS - 1}), interval '1 week')
          as week
        from bounds
      ),
      m as (
        select date_trunc('week', ${users.createdAt} at time zone 'UTC') as week, count(*)::int as n
        from ${users} where ${users.createdAt} >= (select at from since) group by 1
      ),
      l as (
        select date_trunc('week', ${items.createdAt} at time zone 'UTC') as week, count(*)::int as n
        from ${items} where ${items.createdAt} >= (select at from since) group by 1
      ),
      s as (
        select date_trunc('week', ${tradeRequests.completedAt} at time zone 'UTC') as week, count(*)::int as n
        from ${tradeRequests}
        where ${tradeRequests.status} = 'completed' and ${tradeRequests.completedAt} >= (select at from since)
        group by 1
      ),
      r as (
        select date_trunc('week', ${rings.completedAt} at time zone 'UTC') as week, count(*)::int as n
        from ${rings}
        where ${rings.status} = 'completed' and ${rings.completedAt} >= (select at from since)
        group by 1
      )
      select to_char(weeks.week, 'YYYY-MM-DD') as week,
        coalesce(m.n, 0) as new_members, coalesce(l.n, 0) as new_listings,
        coalesce(s.n, 0) as completed_swaps, coalesce(r.n, 0) as completed_rings
      from weeks
      left join m on m.week = weeks.week
      left join l on l.week = weeks.week
      left join s on s.week = weeks.week
      left join r on r.week = weeks.week
      order by weeks.week
    `,
  );
  const [current] = await queryRows<CurrentRow>(
    ctx.db,
    sql`
      select
        (select count(*)::int from ${reports} where ${reports.status} = 'open') as open_reports,
        (select count(*)::int from ${tradeDisputes} where ${tradeDisputes.resolvedAt} is null) as open_disputes,
        resolved.median_seconds, resolved.n as resolved
      from (
        select percentile_cont(0.5) within group (
            order by extract(epoch from ${reports.resolvedAt} - ${reports.createdAt})
          )::float8 as median_seconds,
          count(*)::int as n
        from ${reports}
        where ${reports.status} = 'resolved'
          and ${reports.resolvedAt} >= now() - make_interval(days => ${RESOLUTION_WINDOW_DAYS})
      ) resolved
    `,
  );
  return {
    weeks: weeks.map((row) => ({
      week: row.week,
      newMembers: Number(row.new_members),
      newListings: Number(row.new_listings),
      completedSwaps: Number(row.completed_swaps),
      completedRings: Number(row.completed_rings),
    })),
    openReports: Number(current?.open_reports ?? 0),
    openDisputes: Number(current?.open_disputes ?? 0),
    medianReportResolutionSeconds:
      current?.median_seconds === null || current?.median_seconds === undefined
        ? null
        : Math.round(Number(current.median_seconds)),
    reportsResolved: Number(current?.resolved ?? 0),
  };
}
