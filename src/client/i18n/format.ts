/**
 * Dates, numbers, money and quantities in the reader's language, through Intl (docs/product.md
 * § Languages). Components call `useFormat()`, which re-renders them when the language changes.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitSystem } from './units';
import { INTL_TAGS, toLocale } from '@common/domain/locales';
import { formatMoney } from '@common/domain/currency';
import { formatNumber } from '@common/domain/money';
import { useCurrency } from '@client/lib/community';
import { displayMass, displayWeight, type UnitSystem } from '@common/domain/units';
import { formatDate, formatDateTime, formatMonthYear, relativeTimeParts } from '@common/domain/relative-time';

export interface Formatters {
  /** The BCP 47 tag in use ('en-US', 'fr-FR'). */
  tag: string;
  /** The community's currency (ISO 4217), which `money` writes amounts in. */
  currency: string;
  /**
   * Integer minor units as money in the community's currency: '$12.50', '12,50 $US'; '€12.50',
   * '12,50 €' (src/common/domain/currency.ts).
   */
  money: (minor: number) => string;
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
  /** The member's unit system (Preferences, or their browser's region): src/client/i18n/units.ts. */
  units: UnitSystem;
  /** A large mass given in kg: '340 kg', '1.3 Tons' / '750 lb', '1.3 tons' (short tons). */
  mass: (kg: number) => string;
  /** A small weight given in kg: '0.5 kg' / '1.1 lb', '11 oz'. */
  weight: (kg: number) => string;
}

export function useFormat(): Formatters {
  const { t, i18n } = useTranslation('common');
  const locale = toLocale(i18n.language) ?? 'en';
  const units = useUnitSystem();
  const currency = useCurrency();
  return useMemo(() => {
    const tag = INTL_TAGS[locale];
    const number = (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, tag, options);
    return {
      tag,
      currency,
      money: (minor) => formatMoney(minor, currency, tag),
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
      units,
      mass: (kg) => {
        const { unit, value } = displayMass(kg, units);
        return t(`mass.${unit}`, { count: value, value: number(value) });
      },
      weight: (kg) => {
        const { unit, value } = displayWeight(kg, units);
        return t(`mass.${unit}`, { count: value, value: number(value) });
      },
    };
  }, [locale, t, units, currency]);
}
