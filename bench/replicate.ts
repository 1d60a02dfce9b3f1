import { readFileSync } from 'node:fs';
/**
 * The bulk path of the benchmark seed (scales with `copies`, such as `large`): a block of the market
 * is seeded row by row by the project's seeder, which keeps every rule of a real market (trades
 * that tie items up, reviews of completed trades, ratings, favourite counts), and then copied on the
 * server, in one INSERT … SELECT per table, `copies - 1` times. Each copy gets new ids (an md5 of
 * the old id and the copy number, made a version-4 UUID, so that references stay consistent without
 * a lookup), new member emails, and all its dates shifted back by a few minutes per copy so that
 * copies interleave in every date order. Generated columns (search vectors, search text, condition rank) are computed by
 * PostgreSQL as for any insert, so search works on copied rows as on the app's own.
 *
 * Secondary indexes are dropped before the load and rebuilt after it, which is several times faster
 * than maintaining 30-odd indexes (8 of them GIN) row by row.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/server/db/connect';
import { SCALE_EMAIL_DOMAIN } from '../src/server/db/seed/members';
import { FAVOURITE_WEIGHT, TRENDING_DAYS } from '../src/server/modules/items/trending';

const BACKFILL = new URL('../src/server/db/migrations/0058_backfill_legacy_rows.sql', import.meta.url);

/** The tables a copy holds, parents first. */
export const MARKET_TABLES = [
  'users',
  'items',
  'favorites',
  'trade_requests',
  'trade_request_items',
  'reviews',
  'notifications',
  'conversations',
  'messages',
] as const;

/** How far back each copy's dates move: copy k by k times this. */
const SHIFT_MINUTES = 41;

type Log = (line: string) => void;

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Connections the bulk statements run on at once (PGlite has one connection: one at a time). Four on
 * PostgreSQL although the machine has two cores: the statements are CPU-bound (generated columns,
 * index sorts), and on a shared machine four backends get more of the cores than two.
 */
const PARALLEL = 4;

/**
 * Runs statements up to PARALLEL at a time, each in its own transaction after `settings`, in the
 * given order; logs those that take more than a few seconds, with their time.
 */
async function inParallel(database: Database, statements: string[], settings: string[], log?: Log) {
  const parallel = database.kind === 'postgres' ? PARALLEL : 1;
  const queue = [...statements];
  /** Rows each statement wrote (node-postgres `rowCount`, PGlite `affectedRows`). */
  const written = new Map<string, number>();
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const statement = next;
      const started = Date.now();
      await database.db.transaction(async (tx) => {
        for (const setting of settings) await tx.execute(sql.raw(setting));
        const result = (await tx.execute(sql.raw(statement))) as {
          rowCount?: number | null;
          affectedRows?: number;
        };
        written.set(statement, result.rowCount ?? result.affectedRows ?? 0);
      });
      if (log && Date.now() - started > 5000) log(`  ${seconds(started)}: ${statement.slice(0, 90)}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return written;
}

/**
 * Drops the secondary indexes of the market tables (those that back no constraint: primary keys
 * and unique constraints stay) and answers their definitions, for `rebuildIndexes`.
 */
export async function dropSecondaryIndexes(database: Database): Promise<string[]> {
  const tables = sql.raw(MARKET_TABLES.map((name) => `'${name}'`).join(', '));
  const rows = await queryRows<{ name: string; definition: string }>(
    database.db,
    sql`select quote_ident(ci.relname) as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_class ci on ci.oid = i.indexrelid
        where c.relnamespace = 'public'::regnamespace and c.relname in (${tables})
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const row of rows) await database.db.execute(sql.raw(`drop index ${row.name}`));
  return rows.map((row) => row.definition);
}

/**
 * Builds the indexes `dropSecondaryIndexes` dropped, PARALLEL at a time on PostgreSQL: the slowest
 * first (GIN, then the biggest tables), so that the connections finish together.
 */
export async function rebuildIndexes(database: Database, definitions: string[], log: Log) {
  const started = Date.now();
  // GIN and sorts for B-trees build several times faster in memory than spilled to disk.
  const settings =
    database.kind === 'postgres'
      ? ["set local maintenance_work_mem = '512MB'", 'set local max_parallel_maintenance_workers = 0']
      : [];
  const sizes = new Map(
    (
      await queryRows<{ name: string; bytes: number }>(
        database.db,
        sql`select relname as name, pg_relation_size(oid)::float8 as bytes from pg_class
            where relnamespace = 'public'::regnamespace and relkind = 'r'`,
      )
    ).map((row) => [row.name, row.bytes]),
  );
  const cost = (definition: string) => {
    const table = /\bON (?:public\.)?"?(\w+)"?/i.exec(definition)?.[1] ?? '';
    return (sizes.get(table) ?? 0) * (/USING gin/i.test(definition) ? 4 : 1);
  };
  const ordered = [...definitions].sort((a, b) => cost(b) - cost(a));
  await inParallel(database, ordered, settings, log);
  log(`indexes: ${definitions.length} rebuilt (${seconds(started)})`);
}

/** The columns of `table` an INSERT can write (not generated), with their types. */
async function writableColumns(database: Database, table: string) {
  return queryRows<{ name: string; type: string }>(
    database.db,
    sql`select column_name as name, data_type as type from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
}

/**
 * What copy `k` (a column of generate_series) writes for `column`: ids mapped (null stays null),
 * dates shifted, scale members' email numbers moved past the block's, everything else as it is.
 */
function copyExpression(table: string, column: { name: string; type: string }, members: number) {
  const name = `"${column.name}"`;
  // A version-4 UUID (version nibble 4, variant 8), as the app's id validation requires.
  if (column.type === 'uuid')
    return `overlay(overlay(md5(${name}::text || '/' || k) placing '4' from 13) placing '8' from 17)::uuid`;
  if (column.type === 'timestamp with time zone') return `${name} - k * interval '${SHIFT_MINUTES} minutes'`;
  if (table === 'users' && column.name === 'email') {
    const domain = SCALE_EMAIL_DOMAIN.replace(/\./g, '\\.');
    // name.123@scale… becomes name.(123 + k × members)@scale…; other addresses get a +k tag.
    return `case when ${name} ~ '\\.[0-9]+@${domain}$'
      then regexp_replace(${name}, '\\.[0-9]+@', '.' || ((substring(${name} from '\\.([0-9]+)@'))::int + k * ${members}) || '@')
      else regexp_replace(${name}, '@', '+copy' || k || '@') end`;
  }
  return name;
}

/**
 * Notifications the trades module would have sent along the block's trades (trade-plan.ts
 * tradeNotes, in its words): the request to the owner, and the answer or completion. Those older
 * than three days are read; all count as already emailed, so the digest does not mail a million.
 */
export async function seedTradeNotifications(database: Database) {
  await database.db.execute(
    sql.raw(`
    insert into notifications (user_id, type, title, message, link, is_read, emailed_at, created_at)
    select user_id, 'trade_request', title, message, '/trades/' || trade_id, at < now() - interval '3 days', at, at
    from (
      select t.id as trade_id, t.owner_id as user_id, t.created_at as at, 'New barter request' as title,
        r.first_name || ' offers "' || oi.title || '" for your "' || ri.title || '".' as message
      from trade_requests t join users r on r.id = t.requester_id
      join items oi on oi.id = t.offered_item_id join items ri on ri.id = t.requested_item_id
      union all
      select t.id, t.requester_id, t.accepted_at, 'Barter request accepted!',
        o.first_name || ' accepted your offer for "' || ri.title || '". Arrange shipping to complete the swap.'
      from trade_requests t join users o on o.id = t.owner_id join items ri on ri.id = t.requested_item_id
      where t.status in ('accepted', 'completed') and t.accepted_at is not null
      union all
      select t.id, t.requester_id, t.updated_at, 'Barter request declined',
        o.first_name || ' declined your offer for "' || ri.title || '".'
      from trade_requests t join users o on o.id = t.owner_id join items ri on ri.id = t.requested_item_id
      where t.status = 'declined'
      union all
      select t.id, party, t.completed_at, 'Trade completed',
        'The swap for "' || ri.title || '" is complete. Leave a review for your trading partner!'
      from trade_requests t join items ri on ri.id = t.requested_item_id
      cross join lateral (values (t.requester_id), (t.owner_id)) parties(party)
      where t.status = 'completed' and t.completed_at is not null
    ) notes`),
  );
}

/**
 * Copies every row of the market tables `copies - 1` times (see the file comment). Foreign keys are
 * not checked during the copy (session_replication_role = replica, PostgreSQL only): every reference
 * points into the same copy, which was consistent in the block.
 *
 * On PostgreSQL each table is copied by several statements in parallel, and one that starts after
 * another has committed would see (and copy again) that one's rows: so the copies read a snapshot of
 * the block (`bench_block_<table>`, unlogged, dropped afterwards), and the rows written are checked.
 */
export async function replicateMarket(database: Database, copies: number, log: Log) {
  if (copies < 2) return;
  const started = Date.now();
  const [block] = await queryRows<{ members: number }>(
    database.db,
    sql`select count(*)::int as members from users`,
  );
  const members = block?.members ?? 0;
  const rows = new Map(
    (
      await queryRows<{ name: string; rows: number }>(
        database.db,
        sql.raw(
          MARKET_TABLES.map(
            (table) => `select '${table}' as name, count(*)::int as rows from "${table}"`,
          ).join(' union all '),
        ),
      )
    ).map((row) => [row.name, row.rows]),
  );
  const statements: Array<{ table: string; rows: number; text: string }> = [];
  // Each table in PARALLEL ranges of copies, so that every connection works on the big ones.
  const parts = database.kind === 'postgres' ? Math.min(PARALLEL, copies - 1) : 1;
  const source = (table: string) => (parts > 1 ? `bench_block_${table}` : table);
  if (parts > 1)
    for (const table of MARKET_TABLES)
      await database.db.execute(
        sql.raw(`create unlogged table "${source(table)}" as select * from "${table}"`),
      );
  for (const table of MARKET_TABLES) {
    const columns = await writableColumns(database, table);
    const names = columns.map((column) => `"${column.name}"`).join(', ');
    const values = columns.map((column) => copyExpression(table, column, members)).join(', ');
    const copy = (first: number, last: number) =>
      `insert into "${table}" (${names}) select ${values} from "${source(table)}", generate_series(${first}, ${last}) k`;
    for (let part = 0; part < parts; part += 1) {
      const first = 1 + Math.floor((part * (copies - 1)) / parts);
      const last = Math.floor(((part + 1) * (copies - 1)) / parts);
      statements.push({ table, rows: (rows.get(table) ?? 0) * (last - first + 1), text: copy(first, last) });
    }
  }
  const settings =
    database.kind === 'postgres'
      ? ["set local session_replication_role = 'replica'", "set local work_mem = '256MB'"]
      : [];
  // On PostgreSQL (no foreign-key checks) the costliest first, so that the connections finish
  // together: an item row costs about ten others (its generated search columns); PGlite checks
  // them, so parents first.
  const weight = (statement: (typeof statements)[number]) =>
    statement.rows * (statement.table === 'items' ? 10 : 1);
  const ordered =
    database.kind === 'postgres' ? [...statements].sort((a, b) => weight(b) - weight(a)) : statements;
  const written = await inParallel(
    database,
    ordered.map((statement) => statement.text),
    settings,
    log,
  );
  if (parts > 1)
    for (const table of MARKET_TABLES) await database.db.execute(sql.raw(`drop table "${source(table)}"`));
  for (const table of MARKET_TABLES) {
    const wanted = (rows.get(table) ?? 0) * (copies - 1);
    const done = statements
      .filter((statement) => statement.table === table)
      .reduce((sum, statement) => sum + (written.get(statement.text) ?? 0), 0);
    if (done !== wanted) throw new Error(`copies of ${table}: ${done} rows written, ${wanted} expected`);
  }
  // trade_offers is not copied (its JSON names the original items): every copied trade gets its
  // request as its one offer version, from its copied sides, by migration 0058's backfill (it touches
  // only trades without offers). Without it a copied trade has no history, which the trade list refuses.
  for (const statement of readFileSync(BACKFILL, 'utf8').split('--> statement-breakpoint'))
    await database.db.execute(sql.raw(statement));
  log(`copies: ${copies - 1} more of every market table (${seconds(started)})`);
}

/**
 * The 'trending' scores as the trending sweep computes them without views (items/trending.ts): three
 * points per favourite of the last seven days. Only rows whose score changes are written (twice the
 * same call costs a scan, not a rewrite), and scores whose favourites all left the window fall to 0.
 */
export async function refreshTrending(database: Database) {
  const recent = `created_at >= now() - interval '${TRENDING_DAYS} days'`;
  await database.db.execute(
    sql.raw(`
    update items set trending_score = f.points
    from (select item_id, count(*)::int * ${FAVOURITE_WEIGHT} as points from favorites
          where ${recent} group by item_id) f
    where items.id = f.item_id and items.trending_score <> f.points`),
  );
  await database.db.execute(
    sql.raw(`
    update items set trending_score = 0
    where trending_score <> 0
      and not exists (select 1 from favorites f where f.item_id = items.id and f.${recent})`),
  );
}
