import type { PreferencesPayload } from './preferences-payload';
import { communityShoeSizes, LETTER_SIZES, sizeOptions } from './size-options';

/** The welcome flow's steps after registering, in order; each can be skipped. */
export const ONBOARDING_STEPS = ['welcome', 'styles', 'sizes', 'location', 'listing'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_LETTER_SIZES = LETTER_SIZES;
/** The shoe sizes offered: the community's own system first, as in the listing form (EU in Europe). */
export const onboardingShoeSizes = communityShoeSizes;

/**
 * The preferences the welcome flow saves: the chosen styles, the letter sizes for every chosen
 * style sized in letters, and the shoe sizes for Shoes (added to the styles when sizes were
 * picked for it). Nothing is sent for what was left empty.
 */
export function onboardingPreferences(
  styles: readonly string[],
  letterSizes: readonly string[],
  shoeSizes: readonly string[],
  /** The community's country, whose shoe sizes were offered. */
  country?: string | null,
): PreferencesPayload {
  const categories = [...new Set(shoeSizes.length > 0 ? [...styles, 'Shoes'] : styles)];
  const sizes: Record<string, string[]> = {};
  for (const category of categories) {
    const options = sizeOptions(category, country);
    const chosen = category === 'Shoes' ? shoeSizes : letterSizes;
    const valid = [...new Set(chosen)].filter((size) => options.includes(size));
    if (valid.length > 0) sizes[category] = valid;
  }
  const payload: PreferencesPayload = {};
  if (categories.length > 0) payload.preferredCategories = categories;
  if (Object.keys(sizes).length > 0) payload.preferredSizes = sizes;
  return payload;
}
