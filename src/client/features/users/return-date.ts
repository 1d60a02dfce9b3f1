import { formatReturnDate } from '@common/domain/holiday';
import { useTranslation } from 'react-i18next';
import { INTL_TAGS, toLocale } from '@common/domain/locales';

/**
 * A holiday return date in the reader's language: "12 Dec 2026" in English (formatReturnDate, as
 * the server writes it), "12 déc. 2026" in French; always the UTC calendar day.
 */
export function useReturnDate(): (until: Date | string) => string {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.language) ?? 'en';
  return (until) => {
    if (locale === 'en') return formatReturnDate(until);
    const date = typeof until === 'string' ? new Date(until) : until;
    return new Intl.DateTimeFormat(INTL_TAGS[locale], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(date);
  };
}
