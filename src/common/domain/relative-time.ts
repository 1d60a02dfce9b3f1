/**
 * Relative times: under a minute 'Just now', then minutes, hours (under 24), days
 * (under 7), then the date. Dates are shown in the reader's time zone; the client words them in
 * the reader's language (client/i18n/format.ts), the server in US English.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formats.set(key, format);
  }
  return format;
}
const DAY = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const MONTH_YEAR = { month: 'long', year: 'numeric' } as const;

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** 'Just now', '5 minutes ago', '3 hours ago', '2 days ago', else 'Mar 4, 2025'. */
export function relativeTime(value: Date | string, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  // A timestamp slightly ahead of this clock (server clock skew) still reads as just now.
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return plural(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 7 * DAY_MS) return plural(Math.floor(elapsed / DAY_MS), 'day');
  return dateFormat('en-US', DAY).format(date);
}

/** The unit and count of a relative time, for interfaces that word it in their own language. */
export type RelativeTimeParts =
  { unit: 'now' } | { unit: 'minute' | 'hour' | 'day'; count: number } | { unit: 'date'; date: Date };

/** What relativeTime says, as parts: under a minute 'now', then minutes, hours, days, then the date. */
export function relativeTimeParts(value: Date | string, now: Date = new Date()): RelativeTimeParts | null {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return null;
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE_MS) return { unit: 'now' };
  if (elapsed < HOUR_MS) return { unit: 'minute', count: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hour', count: Math.floor(elapsed / HOUR_MS) };
  if (elapsed < 7 * DAY_MS) return { unit: 'day', count: Math.floor(elapsed / DAY_MS) };
  return { unit: 'date', date };
}

/** 'Mar 4, 2025' (US English), '4 mars 2025' (French); `tag` is a BCP 47 language tag. */
export function formatDate(value: Date | string, tag = 'en-US'): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(tag, DAY).format(date);
}

/** 'March 2025', e.g. for 'Member Since'. */
export function formatMonthYear(value: Date | string, tag = 'en-US'): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(tag, MONTH_YEAR).format(date);
}

/** A date and time in the reader's zone: 'Mar 4, 2025, 3:05 PM' / '4 mars 2025, 15:05'. */
export function formatDateTime(value: Date | string, tag = 'en-US'): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime())
    ? ''
    : dateFormat(tag, { ...DAY, hour: 'numeric', minute: '2-digit' }).format(date);
}
