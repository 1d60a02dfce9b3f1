/**
 * The languages of the interface, emails and notifications (docs/product.md § Languages).
 * English is the default and the fallback; the chosen language is remembered in the `lang` cookie
 * (visitors and members) and, for members, on their account.
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that carries a visitor's choice from the footer (read by the server for `<html lang>`). */
export const LOCALE_COOKIE = 'lang';

/** Each language's name in itself, as language pickers show them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français' };

/** The BCP 47 tag Intl formats with: US English as the product always used, French of France. */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** 'fr-CA' -> 'fr'; anything unknown -> null. */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

/** The supported languages an Accept-Language header names with a quality above 0, best first (stable on ties). */
function acceptedLocales(acceptLanguage: string | null | undefined): Locale[] {
  if (!acceptLanguage) return [];
  const found: { locale: Locale; q: number }[] = [];
  for (const part of acceptLanguage.slice(0, 1000).split(',')) {
    const [tag, ...params] = part.split(';');
    const locale = toLocale(tag);
    if (!locale) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const seen = found.find((entry) => entry.locale === locale);
    if (!seen) found.push({ locale, q });
    else if (q > seen.q) seen.q = q;
  }
  return found.sort((a, b) => b.q - a.q).map((entry) => entry.locale);
}

/**
 * The best of our languages for an Accept-Language header ('fr-CH, fr;q=0.9, en;q=0.8'): the
 * supported language with the highest quality, the earlier one on a tie; null when none is.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  return acceptedLocales(acceptLanguage)[0] ?? null;
}

/**
 * The language of a reader who chose none, from their browser's languages and the community's
 * default language (an admin's setting). The community's language is the one its listings,
 * rules and conversations are written in, so it wins whenever the browser says its reader reads
 * it (lists it at any quality, even after another of ours); a browser that lists only another of
 * our languages gets that one, since its reader may not read the community's; a browser naming
 * none of ours gets the community's.
 */
export function browserLocale(acceptLanguage: string | null | undefined, community: Locale): Locale {
  const accepted = acceptedLocales(acceptLanguage);
  return accepted.includes(community) ? community : (accepted[0] ?? community);
}

/**
 * The language to serve: the member's stored choice, else the `lang` cookie (a visitor's choice
 * in the footer), else the browser's Accept-Language weighed against the community's default
 * language (browserLocale), else the community's default language (English when not given).
 */
export function pickLocale(options: {
  stored?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
  community?: string | null;
}): Locale {
  return (
    toLocale(options.stored) ??
    toLocale(options.cookie) ??
    browserLocale(options.acceptLanguage, toLocale(options.community) ?? DEFAULT_LOCALE)
  );
}
