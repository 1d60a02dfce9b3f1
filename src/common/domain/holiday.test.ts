import { describe, expect, it } from 'vitest';
import { awayMessage, formatReturnDate, latestReturnDay, returnDateProblem } from './holiday';

const now = new Date('2026-11-24T15:00:00Z');

describe('holiday mode dates', () => {
  it('formats a return date the same everywhere', () => {
    expect(formatReturnDate('2026-12-12T00:00:00.000Z')).toBe('12 Dec 2026');
    expect(awayMessage('Maya', '2026-12-12T00:00:00.000Z')).toContain('Maya is away until 12 Dec 2026');
  });

  it('takes a date after today and at most 90 days away', () => {
    expect(latestReturnDay(now)).toBe('2027-02-22');
    expect(returnDateProblem('2026-11-25', now)).toBeNull();
    expect(returnDateProblem('2027-02-22', now)).toBeNull();
    expect(returnDateProblem('2026-11-24', now)).toBe('past');
    expect(returnDateProblem('2027-02-23', now)).toBe('tooLate');
    expect(latestReturnDay(now)).toBe('2027-02-22');
    expect(returnDateProblem('2026-02-30', now)).toBe('invalid');
  });
});
