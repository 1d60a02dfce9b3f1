/**
 * Holiday mode (docs/product.md § Holiday mode): a member away until a return date. The date is a
 * calendar day; they are away until that day begins (00:00 UTC), so "away until 12 Dec 2026" means
 * back on 12 December.
 */
export const MAX_HOLIDAY_DAYS = 90;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** "12 Dec 2026", the same on every machine (UTC, fixed month names). */
export function formatReturnDate(until: Date | string): string {
  const date = typeof until === 'string' ? new Date(until) : until;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The day `now` falls on, as YYYY-MM-DD in UTC. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The moment a return date (YYYY-MM-DD) begins, or null when it is no calendar date. */
export function returnMoment(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== day ? null : date;
}

/** The latest return date a member may choose on `now`'s day. */
export function latestReturnDay(now: Date): string {
  return isoDay(new Date(Date.parse(`${isoDay(now)}T00:00:00.000Z`) + MAX_HOLIDAY_DAYS * DAY_MS));
}

/** Why a return date is refused on `now`'s day, or null when it is fine: after today and within 90 days. */
export function returnDateProblem(day: string, now: Date): 'invalid' | 'past' | 'tooLate' | null {
  if (!returnMoment(day)) return 'invalid';
  if (day <= isoDay(now)) return 'past';
  if (day > latestReturnDay(now)) return 'tooLate';
  return null;
}

/** Whether a stored holiday is still running at `now`. */
export function isAway(holidayUntil: Date | string | null | undefined, now = new Date()): boolean {
  if (!holidayUntil) return false;
  return new Date(holidayUntil).getTime() > now.getTime();
}

/** The message a trade request for an away member's item gets. */
export function awayMessage(firstName: string, holidayUntil: Date | string): string {
  return `${firstName.trim() || 'This member'} is away until ${formatReturnDate(holidayUntil)}: new trade requests open again then`;
}
