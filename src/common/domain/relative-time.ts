/**
 * Relative times: under a minute 'Just now', then minutes, hours (under 24), days
 * (under 7), then the date. Dates are shown in the reader's time zone, in US English like the
 * rest of the interface.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const MONTH_YEAR_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

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
  return DATE_FORMAT.format(date);
}

/** 'Mar 4, 2025'. */
export function formatDate(value: Date | string): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}

/** 'March 2025', e.g. for 'Member Since'. */
export function formatMonthYear(value: Date | string): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : MONTH_YEAR_FORMAT.format(date);
}
