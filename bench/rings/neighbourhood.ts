/**
 * Times the rings engine's incremental pass on a synthetic market in PostgreSQL
 * (docs/decisions/007-swap-rings.md): `npx tsx bench/rings/neighbourhood.ts [items] [samples]`.
 * Needs BENCH_DATABASE_URL (an admin URL; a scratch database is created and dropped). Seeds
 * `items` listings (default 100 000) held four per member, swap rules on 30 % of the members,
 * five favourites per member and a few wishlist entries, counts the arcs, then times the
 * neighbourhood read and the whole pass for random new listings and for random members whose wants
 * changed (all their listings), and prints the neighbourhood sizes and p50/p95 of the read, of the
 * whole pass, and of the time from the start of the pass to each ring's stored proposal notifications.
 * BENCH_MARKET_URL instead times an existing market (one kept by BENCH_KEEP) without seeding it.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, queryRows } from '../../src/server/db/connect';
import { loadNeighbourhood } from '../../src/server/modules/rings/neighbourhood';
import { proposeRingsAround } from '../../src/server/modules/rings/rings.proposer';
import { loadArcRows, loadWantGraph } from '../../src/server/modules/rings/want-graph';
import { serviceContextFor } from '../../src/server/test-support/service-context';

const itemCount = Number(process.argv[2] ?? 100_000);
const samples = Number(process.argv[3] ?? 200);
const marketUrl = process.env.BENCH_MARKET_URL;
const adminUrl = process.env.BENCH_DATABASE_URL ?? marketUrl;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL (or BENCH_MARKET_URL) is required');

const name = `threadswap_ringbench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!marketUrl) await admin.query(`create database ${name}`);
const url = new URL(marketUrl ?? adminUrl);
if (!marketUrl) url.pathname = `/${name}`;
// The app's default pool (DATABASE_POOL_SIZE): a pass reads and writes on several connections at once.
const database = await openPostgres(url.toString(), 10);
console.log(`database ${url.pathname.slice(1)}, load average ${loadavg()[0]?.toFixed(1)}`);
const db = database.db;
const exec = (query: string) => db.execute(sql.raw(query));
const time = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

try {
  const members = Math.ceil(itemCount / 4);
  if (!marketUrl) await seed();
  async function seed() {
    const seeded = await time(async () => {
      await exec(`insert into users (email, first_name)
      select 'bench' || m || '@example.com', 'Member' || m from generate_series(1, ${members}) m`);
      await exec(`insert into items (user_id, title, description, category, gender, condition, brand, size, estimated_value)
      select u.id, 'Item ' || k, 'Bench listing',
        (array['clothing','shoes','accessories'])[1 + floor(random() * 3)::int],
        (array['women','men','unisex','kids'])[1 + floor(random() * 4)::int],
        (array['new','like-new','good','fair'])[1 + floor(random() * 4)::int],
        'brand' || floor(random() * 50)::int,
        (array['xs','s','m','l','xl','6','8','10'])[1 + floor(random() * 8)::int],
        (2000 + floor(random() * 8000))::int
      from users u cross join generate_series(1, 4) k`);
      await exec(`insert into swap_rules (user_id, category, brands, sizes)
      select u.id, (array['clothing','shoes','accessories'])[1 + floor(random() * 3)::int],
        array['brand' || floor(random() * 50)::int], array[(array['xs','s','m','l','xl','6','8','10'])[1 + floor(random() * 8)::int]]
      from users u where random() < 0.3`);
      await exec(`insert into favorites (user_id, item_id)
      select distinct f.user_id, i.id
      from (select u.id as user_id, 1 + floor(random() * ${itemCount})::int as k
            from users u cross join generate_series(1, 5)) f
      join (select id, row_number() over () as k from items) i on i.k = f.k
      on conflict do nothing`);
      await exec(`insert into wishlist_items (user_id, title, category, item_category, brand)
      select u.id, 'Wish', 'shoes', 'shoes', 'brand' || floor(random() * 50)::int from users u where random() < 0.05`);
      await exec('analyze');
    });
    console.log(`seeded ${itemCount} items of ${members} members in ${(seeded.ms / 1000).toFixed(1)} s`);
  }
  if (process.env.BENCH_WHOLE) {
    const whole = await time(() => loadWantGraph(db));
    console.log(
      `want graph: ${whole.value.arcs.length} arcs between ${whole.value.items.length} items (whole read: ${(whole.ms / 1000).toFixed(1)} s)`,
    );
  }
  // The arcs, estimated from the out-degree of random listings (reading them all takes minutes).
  const sample = await queryRows<{ id: string }>(db, sql`select id from items order by random() limit 100`);
  let outArcs = 0;
  for (const { id } of sample) outArcs += (await loadArcRows(db, { from: [id] })).length;
  console.log(
    `want graph: about ${Math.round((outArcs / sample.length) * itemCount)} arcs (mean out-degree ${(outArcs / sample.length).toFixed(1)})`,
  );

  const ctx = serviceContextFor(db);
  const timers = { proposalHours: 48, repackMinutes: 0, maxLength: 5 };
  // When each ring's proposal notifications were stored and announced (after its commit): the
  // latency the budget is about is from the change to these.
  let proposedAt: number[] = [];
  ctx.events.afterCommit('notifications.stored', async (event) => {
    if (event.notifications.some((note) => note.emailType === 'ringProposal'))
      proposedAt.push(performance.now());
  });
  const report = async (label: string, focusOf: () => Promise<string[]>) => {
    const reads: number[] = [];
    const passes: number[] = [];
    const proposals: number[] = [];
    const sizes: number[] = [];
    const items: number[] = [];
    let long = 0;
    let rings = 0;
    for (let s = 0; s < samples; s++) {
      const focus = await focusOf();
      const near = await time(() => loadNeighbourhood(db, focus));
      reads.push(near.ms);
      sizes.push(near.value.arcs.length);
      items.push(near.value.items.length);
      if (near.value.stats.longFocus > 0) long++;
      proposedAt = [];
      const started = performance.now();
      const pass = await time(() => proposeRingsAround(ctx, timers, new Date(), focus));
      passes.push(pass.ms);
      proposals.push(...proposedAt.map((at) => at - started));
      rings += pass.value.length;
    }
    const line = (values: number[], unit: string) =>
      `p50 ${quantile(values, 0.5).toFixed(0)}${unit}, p95 ${quantile(values, 0.95).toFixed(0)}${unit}, max ${Math.max(...values).toFixed(0)}${unit}`;
    console.log(
      `\n${label} (${samples} samples, ${long} needed the long-ring read, ${rings} rings proposed)`,
    );
    console.log(`  neighbourhood arcs:  ${line(sizes, '')}`);
    console.log(`  neighbourhood items: ${line(items, '')}`);
    console.log(`  neighbourhood read:  ${line(reads, ' ms')}`);
    console.log(`  whole pass:          ${line(passes, ' ms')}`);
    if (proposals.length > 0)
      console.log(`  to each proposal:    ${line(proposals, ' ms')} (${proposals.length} rings)`);
    console.log(`  load average now:    ${loadavg()[0]?.toFixed(1)}`);
  };
  await report('new listing', async () =>
    (await queryRows<{ id: string }>(db, sql`select id from items order by random() limit 1`)).map(
      (r) => r.id,
    ),
  );
  await report('changed wants (all four listings of a member)', async () =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`select id from items where user_id = (select user_id from items order by random() limit 1)`,
      )
    ).map((r) => r.id),
  );
} finally {
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept ${url}`);
  else if (!marketUrl) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
