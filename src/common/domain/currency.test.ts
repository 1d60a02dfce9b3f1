import { describe, expect, it } from 'vitest';
import {
  amountExamples,
  currencyLabel,
  currencyMinorDigits,
  currencySymbol,
  formatMoney,
  isCountryCode,
  isAmountInput,
  isCurrencyCode,
  toAmountInput,
  toMajorUnits,
  toMinorUnits,
} from './currency';

// Intl separates a French amount from its sign with a no-break space and groups with a narrow one.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('writes euros for English and French readers', () => {
    expect(formatMoney(1250, 'EUR', 'en-US')).toBe('€12.50');
    expect(plain(formatMoney(1250, 'EUR', 'fr-FR'))).toBe('12,50 €');
    expect(plain(formatMoney(123456789, 'EUR', 'fr-FR'))).toBe('1 234 567,89 €');
  });

  it('writes pounds', () => {
    expect(formatMoney(1599, 'GBP', 'en-US')).toBe('£15.99');
    expect(plain(formatMoney(1599, 'GBP', 'fr-FR'))).toBe('15,99 £GB');
  });

  it('writes yen, which have no minor unit, without dividing', () => {
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(formatMoney(1250, 'JPY', 'en-US')).toBe('¥1,250');
    expect(formatMoney(1250, 'JPY', 'en-US')).not.toContain('.');
  });

  it('keeps US dollars as before, by default', () => {
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
    expect(plain(formatMoney(1250, 'USD', 'fr-FR'))).toBe('12,50 $US');
  });
});

describe('minor units', () => {
  it('converts typed amounts by the currency’s digits', () => {
    expect(toMinorUnits('12.5', 'EUR')).toBe(1250);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(toMinorUnits('', 'EUR')).toBeNull();
    expect(toMinorUnits('abc', 'EUR')).toBeNull();
    expect(toMajorUnits(1250, 'EUR')).toBe(12.5);
    expect(toMajorUnits(1250, 'JPY')).toBe(1250);
  });
});

describe('typed amounts, both ways (JPY 0 digits, EUR and USD 2)', () => {
  it('reads each currency’s minor digits from Intl', () => {
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(currencyMinorDigits('EUR')).toBe(2);
    expect(currencyMinorDigits('USD')).toBe(2);
    expect(currencyMinorDigits('KWD')).toBe(3);
  });

  it('JPY: whole yen typed and shown as they are stored', () => {
    expect(toMinorUnits('2500', 'JPY')).toBe(2500);
    expect(toAmountInput(2500, 'JPY')).toBe('2500');
    expect(isAmountInput('2500', 'JPY')).toBe(true);
    expect(isAmountInput('24.99', 'JPY')).toBe(false);
    expect(isAmountInput('24,5', 'JPY')).toBe(false);
    expect(toMinorUnits(toAmountInput(123456, 'JPY'), 'JPY')).toBe(123456);
  });

  it('EUR: two digits, a point or a comma', () => {
    expect(toMinorUnits('24.99', 'EUR')).toBe(2499);
    expect(toMinorUnits('24,99', 'EUR')).toBe(2499);
    expect(toMinorUnits(' 25 ', 'EUR')).toBe(2500);
    expect(toAmountInput(2499, 'EUR')).toBe('24.99');
    expect(toAmountInput(2500, 'EUR')).toBe('25');
    expect(toAmountInput(2510, 'EUR')).toBe('25.10');
    expect(isAmountInput('24,99', 'EUR')).toBe(true);
    expect(isAmountInput('24.999', 'EUR')).toBe(false);
    expect(isAmountInput('-1', 'EUR')).toBe(false);
    expect(isAmountInput('1,250.00', 'EUR')).toBe(false);
    for (const minor of [0, 1, 99, 100, 2499, 123456789])
      expect(toMinorUnits(toAmountInput(minor, 'EUR'), 'EUR')).toBe(minor);
  });

  it('USD: as before, the default', () => {
    expect(toMinorUnits('12.5')).toBe(1250);
    expect(toMinorUnits(19.99, 'USD')).toBe(1999);
    expect(toAmountInput(1999)).toBe('19.99');
    expect(isAmountInput('19.99')).toBe(true);
  });

  it('names the currency and gives examples in its digits', () => {
    expect(currencyLabel('EUR', 'en-US')).toBe('EUR (€)');
    expect(currencyLabel('USD', 'en-US')).toBe('USD ($)');
    expect(currencyLabel('JPY', 'fr-FR')).toBe('JPY (¥)');
    expect(amountExamples('EUR', 'en-US')).toEqual({ whole: '25', fraction: '24.99', placeholder: '25.00' });
    expect(amountExamples('EUR', 'fr-FR')).toEqual({ whole: '25', fraction: '24,99', placeholder: '25,00' });
    expect(amountExamples('JPY', 'en-US')).toEqual({ whole: '2500', fraction: null, placeholder: '2500' });
  });
});

describe('codes', () => {
  it('knows ISO 4217 currencies and ISO 3166 countries', () => {
    expect(['EUR', 'GBP', 'USD', 'JPY'].every(isCurrencyCode)).toBe(true);
    expect(['eur', 'EURO', 'XYZ', '', 12].some(isCurrencyCode)).toBe(false);
    expect(['FR', 'GB', 'US', 'XK'].every(isCountryCode)).toBe(true);
    expect(['fr', 'XX', 'EU', 'ZZ', 'FRA'].some(isCountryCode)).toBe(false);
    expect(currencySymbol('EUR', 'en-US')).toBe('€');
    expect(currencySymbol('USD', 'fr-FR')).toBe('$');
  });
});
