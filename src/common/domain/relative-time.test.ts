import { describe, expect, it } from 'vitest';
import { formatDate, formatMonthYear, relativeTime } from './relative-time';

const now = new Date('2025-06-20T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it("says 'Just now' under a minute, and for timestamps slightly in the future", () => {
    expect(relativeTime(now, now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(new Date(now.getTime() + 5_000), now)).toBe('Just now');
  });
  it('counts minutes under an hour', () => {
    expect(relativeTime(ago(MINUTE), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MINUTE), now)).toBe('59 minutes ago');
  });
  it('counts hours under 24', () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
  });
  it('counts days under 7', () => {
    expect(relativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(relativeTime(ago(7 * DAY - 1), now)).toBe('6 days ago');
  });
  it('shows the date from 7 days on', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('Jun 13, 2025');
    expect(relativeTime('2024-12-25T12:00:00Z', now)).toBe('Dec 25, 2024');
  });
  it('accepts ISO strings and ignores invalid dates', () => {
    expect(relativeTime(ago(5 * MINUTE).toISOString(), now)).toBe('5 minutes ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('formatDate and formatMonthYear', () => {
  it('formats for the profile and reviews', () => {
    expect(formatDate('2025-03-04T12:00:00Z')).toBe('Mar 4, 2025');
    expect(formatMonthYear('2024-03-15T12:00:00Z')).toBe('March 2024');
    expect(formatMonthYear('nope')).toBe('');
  });
});
