/**
 * Dates, numbers, money and quantities in the reader's language, through Intl (docs/product.md
 * § Languages). Components call `useFormat()`, which re-renders them when the language changes.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INTL_TAGS, toLocale } from '@common/domain/locales';
import { formatDollars } from '@common/domain/money';
import {
  formatDate,
  formatDateTime,
  formatMonthYear,
  relativeTimeParts,
} from '@common/domain/relative-time';

export interface Formatters {
  /** The BCP 47 tag in use ('en-US', 'fr-FR'). */
  tag: string;
  /** Integer cents as money: '$12.50', '12,50 $US'. */
  money: (cents: number) => string;
  /** '1,234' / '1 234'. */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** 'Mar 4, 2025' / '4 mars 2025'. */
  date: (value: Date | string) => string;
  /** 'Mar 4, 2025, 3:05 PM' / '4 mars 2025, 15:05'. */
  dateTime: (value: Date | string) => string;
  /** 'March 2025' / 'mars 2025'. */
  monthYear: (value: Date | string) => string;
  /** 'Just now', '5 minutes ago', … then the date / 'À l'instant', 'il y a 5 minutes', …. */
  relative: (value: Date | string, now?: Date) => string;
  /** '340 kg', '1.3 Tons' / '340 kg', '1,3 tonnes'. */
  mass: (kg: number) => string;
}

export function useFormat(): Formatters {
  const { t, i18n } = useTranslation('common');
  const locale = toLocale(i18n.language) ?? 'en';
  return useMemo(() => {
    const tag = INTL_TAGS[locale];
    const number = (value: number, options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat(tag, options).format(value);
    return {
      tag,
      money: (cents) => formatDollars(cents, tag),
      number,
      date: (value) => formatDate(value, tag),
      dateTime: (value) => formatDateTime(value, tag),
      monthYear: (value) => formatMonthYear(value, tag),
      relative: (value, now) => {
        const parts = relativeTimeParts(value, now);
        if (!parts) return '';
        switch (parts.unit) {
          case 'now':
            return t('time.justNow');
          case 'minute':
            return t('time.minutesAgo', { count: parts.count });
          case 'hour':
            return t('time.hoursAgo', { count: parts.count });
          case 'day':
            return t('time.daysAgo', { count: parts.count });
          case 'date':
            return formatDate(parts.date, tag);
        }
      },
      mass: (kg) => {
        if (kg < 1000) return t('mass.kg', { value: number(Math.round(kg)) });
        const tons = kg / 1000;
        const rounded = tons < 10 ? Math.round(tons * 10) / 10 : Math.round(tons);
        return t('mass.tons', { count: rounded, value: number(rounded) });
      },
    };
  }, [locale, t]);
}
