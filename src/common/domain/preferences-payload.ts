import { needsSizes } from './size-options';

/** What the preferences form holds before it is sent. */
export interface PreferencesDraft {
  bio: string;
  categories: readonly string[];
  sizes: Readonly<Record<string, readonly string[]>>;
}

export interface PreferencesPayload {
  bio?: string;
  preferredCategories?: string[];
  preferredSizes?: Record<string, string[]>;
}

/**
 * Preferences: the bio is trimmed and sent only if non-empty; categories and sizes are
 * sent only if non-empty. Sizes are kept only for chosen categories that have sizes.
 */
export function preferencesPayload(draft: PreferencesDraft): PreferencesPayload {
  const payload: PreferencesPayload = {};
  const bio = draft.bio.trim();
  if (bio) payload.bio = bio;
  const categories = [...new Set(draft.categories)];
  if (categories.length > 0) payload.preferredCategories = categories;
  const sizes: Record<string, string[]> = {};
  for (const category of categories.filter(needsSizes)) {
    const chosen = [...new Set(draft.sizes[category] ?? [])];
    if (chosen.length > 0) sizes[category] = chosen;
  }
  if (Object.keys(sizes).length > 0) payload.preferredSizes = sizes;
  return payload;
}
