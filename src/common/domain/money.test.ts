import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatDollars, formatNumber } from './money';

/** Amounts around every grouping boundary, both signs, and the odd cents. */
const CENTS = [
  0,
  1,
  5,
  9,
  10,
  99,
  100,
  101,
  999,
  1000,
  1250,
  9999,
  10000,
  99999,
  100000,
  123456,
  999999,
  1000000,
  12345678,
  100000000,
  123456789012,
  Number.MAX_SAFE_INTEGER,
];
const NUMBERS = [
  0,
  1,
  12,
  999,
  1000,
  1001,
  12345,
  99999,
  100000,
  1234567,
  10000000,
  123456789,
  Number.MAX_SAFE_INTEGER,
];

describe('money and whole numbers are written as Intl writes them, without loading it', () => {
  for (const tag of ['en-US', 'fr-FR']) {
    it(`dollars in ${tag}`, () => {
      const intl = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' });
      for (const cents of [...CENTS, ...CENTS.map((value) => -value).filter((value) => value !== 0)]) {
        if (Math.abs(cents) > 1e15) continue; // beyond what dollars / 100 keeps exactly
        expect(formatDollars(cents, tag)).toBe(intl.format(cents / 100));
      }
    });

    it(`whole numbers in ${tag}`, () => {
      const intl = new Intl.NumberFormat(tag);
      for (const value of [
        ...NUMBERS,
        ...NUMBERS.map((number) => -number).filter((number) => number !== 0),
      ]) {
        expect(formatNumber(value, tag)).toBe(intl.format(value));
      }
    });
  }

  it('anything else goes through Intl: other tags, fractions, options', () => {
    expect(formatDollars(1250, 'de-DE')).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(12.5),
    );
    expect(formatNumber(4.56, 'en-US')).toBe('4.56');
    expect(formatNumber(4.5, 'fr-FR', { minimumFractionDigits: 1 })).toBe('4,5');
    expect(formatNumber(12345, 'de-DE')).toBe('12.345');
    expect(formatNumber(-0, 'en-US')).toBe('-0');
  });

  it('reads typed dollars as cents', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
});
