import { formatReturnDate } from '@common/domain/holiday';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '@common/domain/locales';
import { intlTag } from '@client/i18n';

/**
 * A member's return day ('4 March 2026'), written in UTC like @common/domain/holiday's
 * formatReturnDate, in the language shown.
 */
export function useReturnDate(): (until: Date | string) => string {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language) ?? 'en';
  return useCallback(
    (until: Date | string) =>
      locale === 'en'
        ? formatReturnDate(until)
        : new Intl.DateTimeFormat(intlTag(locale), {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(typeof until === 'string' ? new Date(until) : until),
    [locale],
  );
}

/** The return day without its year, for tight places ('12 Dec', '12 déc.'), in UTC. */
export function useShortReturnDate(): (until: Date | string) => string {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language) ?? 'en';
  return useCallback(
    (until: Date | string) =>
      new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : intlTag(locale), {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }).format(typeof until === 'string' ? new Date(until) : until),
    [locale],
  );
}
