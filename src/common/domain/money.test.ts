import { describe, expect, it } from 'vitest';
import { formatDollars, formatNumber } from './money';

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

  for (const tag of ['en-US', 'fr-FR']) {
    it(`numbers with fraction digits in ${tag}, rounded as Intl rounds them`, () => {
      const values = [
        0.5,
        1.0005,
        2.675,
        0.125,
        1.25,
        1.35,
        0.0005,
        0.0004999,
        9.9995,
        999.9996,
        1234567.891,
        0.1 + 0.2,
        1e-6,
        5e-7,
        123456789012.3456,
        1e20 + 0.5,
        4.56,
        1.3,
        0.9999999,
        99.95,
        0.05,
      ];
      // A spread of other values, fixed so that a failure can be read again.
      for (let i = 1; i < 400; i += 1)
        values.push(((i * 7919) % 100003) / 10 ** (i % 7), (i * 0.37) ** 3 / 1000);
      const optionSets: Array<Intl.NumberFormatOptions | undefined> = [
        undefined,
        { minimumFractionDigits: 1, maximumFractionDigits: 1 },
        { minimumFractionDigits: 2 },
        { maximumFractionDigits: 0 },
        { maximumFractionDigits: 2 },
        {},
        { style: 'percent' },
        { style: 'percent', maximumFractionDigits: 1 },
        { style: 'decimal', minimumFractionDigits: 1 },
      ];
      for (const options of optionSets) {
        const intl = new Intl.NumberFormat(tag, options);
        for (const value of [...values, ...values.map((number) => -number)]) {
          expect(formatNumber(value, tag, options), `${value} ${JSON.stringify(options)}`).toBe(
            intl.format(value),
          );
        }
      }
    });
  }

  it('anything else goes through Intl: other tags, fractions, options', () => {
    expect(formatDollars(1250, 'de-DE')).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(12.5),
    );
    expect(formatNumber(0.25, 'en-US', { style: 'currency', currency: 'EUR' })).toBe('€0.25');
    expect(formatNumber(0.25, 'en-US', { maximumSignificantDigits: 1 })).toBe('0.3');
    expect(formatNumber(Number.NaN, 'en-US')).toBe('NaN');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'fr-FR')).toBe('∞');
    expect(formatNumber(1e21, 'en-US')).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(12345, 'de-DE')).toBe('12.345');
    expect(formatNumber(-0, 'en-US')).toBe('-0');
  });
});
