/**
 * `tsx bench/typo-search.ts <admin postgres url> [listings] [typo]`: what an uncached typo search
 * ("jaket") costs PostgreSQL at scale (docs/decisions/028). Creates a scratch database and lists
 * `listings` items (100,000 by default) with the seed catalogue's titles, brands and tags: half with
 * the vocabulary's triggers disabled, half with them on (one statement each, timed, to show what the
 * triggers add to a bulk load), rebuilds the vocabulary and runs ANALYZE. Then it records every
 * statement the typo's search sends, re-runs each under `EXPLAIN (ANALYZE)` and reports the median
 * of 15 runs (after 3 warm-ups) of the sum of their execution times, the database's own time:
 *
 * - after: the full-text page that finds nothing, the correction (full-text probe, then the
 *   vocabulary's nearest words), the corrected search's page;
 * - before (`BEFORE=1`, while that code exists): the same empty page and probe, then the trigram
 *   page over every listing's search_text that typo searches ran before decision 028 (and still run on PGlite).
 *
 * Prints the machine's load average beside each figure.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { itemListQuery } from '../src/common/api/items';
import { openPostgres, queryRows } from '../src/server/db/connect';
import { ITEM_TEMPLATES } from '../src/server/db/seed/catalog';
import type { ServiceContext } from '../src/server/lib/service-context';
import { countedPage } from '../src/server/modules/items/items-search.service';
import { correctSearch, matchesAsTyped } from '../src/server/modules/items/search-correction';
import { parseSearch } from '../src/server/modules/items/list-filters';
import { rebuildSearchWords } from '../src/server/modules/items/search-vocabulary';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

type QueryConfig = { text: string; values?: unknown[] };

async function main() {
  const [adminUrl, listingsArg, typo = 'jaket'] = process.argv.slice(2);
  if (!adminUrl) throw new Error('usage: tsx bench/typo-search.ts <admin postgres url> [listings] [typo]');
  const listings = Number(listingsArg ?? 100_000);
  const name = `threadswap_bench_typo_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 2);
  const { db } = database;
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL only');
  // Every statement sent while `recorded` is set, with its parameters.
  let recorded: QueryConfig[] | null = null;
  const send = pool.query.bind(pool) as (
    config: QueryConfig | string,
    values?: unknown[],
  ) => Promise<unknown>;
  (pool as unknown as { query: typeof send }).query = async (config, values) => {
    if (recorded) {
      const text = typeof config === 'string' ? config : config.text;
      const params = values ?? (typeof config === 'string' ? undefined : config.values);
      recorded.push({ text, ...(params ? { values: params } : {}) });
    }
    return send(config, values);
  };
  const statementsOf = async (run: () => Promise<unknown>) => {
    recorded = [];
    await run();
    const statements = recorded;
    recorded = null;
    return statements;
  };
  // The median over 15 runs of the summed EXPLAIN ANALYZE execution times of `statements`.
  const databaseMs = async (statements: QueryConfig[]) => {
    const once = async () => {
      let total = 0;
      for (const statement of statements) {
        const result = (await send({
          text: `explain (analyze, format json) ${statement.text}`,
          ...(statement.values ? { values: statement.values } : {}),
        })) as { rows: Array<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }> };
        total += result.rows[0]?.['QUERY PLAN'][0]?.['Execution Time'] ?? 0;
      }
      return total;
    };
    for (let i = 0; i < 3; i += 1) await once();
    const times: number[] = [];
    for (let i = 0; i < 15; i += 1) times.push(await once());
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] as number;
  };
  try {
    const templates = ITEM_TEMPLATES.map((template) => ({
      title: template.name,
      brand: template.brand,
      tags: template.tags,
    }));
    const [owner] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, first_name) values ('typo-bench@example.com', 'Bench') returning id`,
    );
    const insert = (from: number, to: number) =>
      db.execute(sql`
        insert into items (user_id, title, brand, tags, description, category, gender, condition,
          estimated_value, images, created_at)
        select ${owner?.id}::uuid, t.title, t.brand, t.tags, 'A well kept piece.', 'clothing',
          'unisex', 'good', 1000 + (n * 37) % 9000, array['/images/00000000-0000-4000-8000-000000000001'],
          timestamptz '2026-01-01' - n * interval '1 minute'
        from generate_series(${from}::int, ${to}::int) n
        cross join lateral (
          select * from jsonb_to_record((${JSON.stringify(templates)}::jsonb) -> (n % ${templates.length})::int)
            as r(title text, brand text, tags text[])
        ) t`);
    const half = Math.floor(listings / 2);
    const vocabularyTriggers = ['items_search_words_inserted', 'items_search_words_deleted'];
    for (const trigger of vocabularyTriggers)
      await db.execute(sql.raw(`alter table items disable trigger ${trigger}`));
    let started = performance.now();
    await insert(1, half);
    const withoutMs = performance.now() - started;
    for (const trigger of vocabularyTriggers)
      await db.execute(sql.raw(`alter table items enable trigger ${trigger}`));
    started = performance.now();
    await insert(half + 1, listings);
    const withMs = performance.now() - started;
    const [deltas] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from search_word_deltas`,
    );
    await rebuildSearchWords(database);
    started = performance.now();
    await db.execute(sql`analyze`);
    const [words] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from search_words`);
    console.log(
      `bulk insert of ${listings - half} listings in one statement: ${(withMs / 1000).toFixed(1)} s with the vocabulary's statement trigger (${deltas?.n} delta rows), ${(withoutMs / 1000).toFixed(1)} s for ${half} without; load ${load()}`,
    );
    console.log(
      `vocabulary: ${words?.n} words; analyse ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const ctx = { db } as ServiceContext;
    const query = (search: string) => itemListQuery.parse({ search });
    const corrected = (await correctSearch(ctx, parseSearch(typo)))?.search;
    console.log(`"${typo}" is corrected to "${corrected}"`);
    const empty = await statementsOf(() => countedPage(db, query(typo), 'fulltext'));
    const correction = await statementsOf(() => correctSearch(ctx, parseSearch(typo)));
    const page = await statementsOf(() => countedPage(db, query(corrected ?? typo), 'fulltext'));
    const rows: Array<[string, string, number]> = [];
    const measure = async (path: string, label: string, statements: QueryConfig[]) => {
      const ms = await databaseMs(statements);
      rows.push([path, `${label} (${statements.length} statement${statements.length > 1 ? 's' : ''})`, ms]);
      console.log(`| ${path} | ${rows.at(-1)?.[1]} | ${ms.toFixed(1)} | ${load()} |`);
      return ms;
    };
    console.log('| path | statements | median database ms | load |');
    console.log('|---|---|--:|---|');
    const after =
      (await measure('after', `full-text page of "${typo}" (no match)`, empty)) +
      (await measure('after', 'correction: full-text probe + vocabulary', correction)) +
      (await measure('after', `full-text page of "${corrected}"`, page));
    console.log(`| after | **total** | ${after.toFixed(1)} | |`);
    if (process.env.BEFORE) {
      const probe = await statementsOf(() => matchesAsTyped(ctx, parseSearch(typo)));
      const trigram = await statementsOf(() =>
        (countedPage as (...args: unknown[]) => Promise<unknown>)(db, query(typo), 'fuzzy'),
      );
      const before =
        (await measure('before', `full-text page of "${typo}" (no match)`, empty)) +
        (await measure('before', 'full-text probe', probe)) +
        (await measure('before', `trigram page of "${typo}"`, trigram));
      console.log(`| before | **total** | ${before.toFixed(1)} | |`);
    }
  } finally {
    await database.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
