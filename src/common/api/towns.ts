import { z } from 'zod';

/**
 * A town of the gazetteer (GeoNames, towns of 1,000 inhabitants or more), as every answer shows it:
 * never its coordinates (docs/decisions/023-towns-and-meetups.md).
 */
export const town = z.object({
  /** The GeoNames id. */
  id: z.number().int(),
  name: z.string(),
  /** The first-level administrative code (a region, state or province), '' when none. */
  region: z.string(),
  /** ISO 3166-1 alpha-2 country code. */
  country: z.string(),
});
export type Town = z.infer<typeof town>;

/** `GET /api/towns?q=`: the most populous towns whose name starts with `q` (accents and case ignored). */
export const townsQuery = z
  .object({
    q: z.string().trim().min(1).max(80),
  })
  .strict();

export const townList = z.array(town);

/** `GET /api/towns/:id`. */
export const townIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** How many towns the autocomplete answers. */
export const TOWN_SUGGESTIONS = 10;

/** The distances "Near me" offers, in kilometres. */
export const NEAR_DISTANCES = [5, 10, 25, 50] as const;
export type NearDistance = (typeof NEAR_DISTANCES)[number];

/** Members may arrange a meet-up when their towns' centres are at most this far apart. */
export const MEETUP_MAX_KM = 50;

/** "Paris, FR", or "Austin, TX, US" when the region has a readable code (not a number). */
export function townLabel(value: Pick<Town, 'name' | 'region' | 'country'>): string {
  const region = /^[A-Z]{2,3}$/.test(value.region) ? value.region : '';
  return [value.name, region, value.country].filter(Boolean).join(', ');
}
