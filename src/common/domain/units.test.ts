import { describe, expect, it } from 'vitest';
import {
  cmToIn,
  displayMass,
  displayWeight,
  inToCm,
  kgToLb,
  kmToMi,
  lbToKg,
  lbToSystem,
  lengthToIn,
  miToKm,
  regionOf,
  resolveUnitSystem,
  unitSystemForLanguages,
  weightToLb,
} from './units';

describe('conversions', () => {
  it('uses the exact definitions', () => {
    expect(lbToKg(1)).toBe(0.45359237);
    expect(kgToLb(1)).toBeCloseTo(2.20462262, 8);
    expect(inToCm(1)).toBe(2.54);
    expect(cmToIn(30)).toBeCloseTo(11.811, 3);
    expect(miToKm(1)).toBe(1.609344);
    expect(kmToMi(10)).toBeCloseTo(6.2137, 4);
  });

  it('round-trips', () => {
    for (const value of [0, 0.3, 1, 68.0388555, 150, 12345.678]) {
      expect(lbToKg(kgToLb(value))).toBeCloseTo(value, 9);
      expect(cmToIn(inToCm(value))).toBeCloseTo(value, 9);
      expect(kmToMi(miToKm(value))).toBeCloseTo(value, 9);
    }
  });

  it('reads a typed weight or length in the member system into the imperial unit of the rate', () => {
    expect(weightToLb(2.5, 'imperial')).toBe(2.5);
    expect(weightToLb(1, 'metric')).toBeCloseTo(2.20462, 5);
    // 150 lb is the calculator's limit: 68 kg is under it, 68.04 kg over.
    expect(weightToLb(68, 'metric')).toBeLessThan(150);
    expect(weightToLb(68.04, 'metric')).toBeGreaterThan(150);
    expect(lbToSystem(150, 'metric')).toBeCloseTo(68.039, 3);
    expect(lbToSystem(150, 'imperial')).toBe(150);
    expect(lengthToIn(12, 'imperial')).toBe(12);
    expect(lengthToIn(2.54, 'metric')).toBeCloseTo(1, 12);
  });
});

describe('the unit system of a browser', () => {
  it('follows the region of the first language', () => {
    expect(unitSystemForLanguages(['en-US', 'en'], 'en-GB')).toBe('imperial');
    expect(unitSystemForLanguages(['en-GB', 'en-US'], 'en-US')).toBe('metric');
    expect(unitSystemForLanguages(['fr-FR', 'fr'], 'en-US')).toBe('metric');
    expect(unitSystemForLanguages(['en-LR'], 'en')).toBe('imperial');
    expect(unitSystemForLanguages(['my-MM'], 'en')).toBe('imperial');
    expect(unitSystemForLanguages(['es-US'], 'en')).toBe('imperial');
    expect(unitSystemForLanguages(['es-419'], 'en-US')).toBe('metric');
  });

  it('asks for the default locale (an Intl object, slow to create) only when the language has no region', () => {
    let asked = 0;
    const defaultLocale = () => {
      asked += 1;
      return 'en-US';
    };
    expect(unitSystemForLanguages(['fr-FR'], defaultLocale)).toBe('metric');
    expect(asked).toBe(0);
    expect(unitSystemForLanguages(['en'], defaultLocale)).toBe('imperial');
    expect(asked).toBe(1);
  });

  it('takes the default locale for a language without a region, and metric when that has none', () => {
    expect(unitSystemForLanguages(['en'], 'en-US')).toBe('imperial');
    expect(unitSystemForLanguages(['en'], 'en-GB')).toBe('metric');
    expect(unitSystemForLanguages(['en'], 'en')).toBe('metric');
    expect(unitSystemForLanguages([], 'en-US')).toBe('imperial');
    expect(unitSystemForLanguages([], 'und')).toBe('metric');
  });

  it('survives tags Intl refuses', () => {
    expect(regionOf('not a tag!')).toBeNull();
    expect(unitSystemForLanguages(['??'], 'en-US')).toBe('imperial');
    expect(regionOf('en-us')).toBe('US');
  });

  it('lets the member override it', () => {
    expect(resolveUnitSystem('auto', 'imperial')).toBe('imperial');
    expect(resolveUnitSystem('metric', 'imperial')).toBe('metric');
    expect(resolveUnitSystem('imperial', 'metric')).toBe('imperial');
  });
});

describe('displayMass (impact figures)', () => {
  it('metric: kilograms, then tonnes', () => {
    expect(displayMass(0, 'metric')).toEqual({ unit: 'kg', value: 0 });
    expect(displayMass(340.4, 'metric')).toEqual({ unit: 'kg', value: 340 });
    expect(displayMass(1000, 'metric')).toEqual({ unit: 'tonnes', value: 1 });
    expect(displayMass(1250, 'metric')).toEqual({ unit: 'tonnes', value: 1.3 });
    expect(displayMass(145_000, 'metric')).toEqual({ unit: 'tonnes', value: 145 });
  });

  it('imperial: pounds, then short tons of 2,000 lb', () => {
    expect(displayMass(340, 'imperial')).toEqual({ unit: 'lb', value: 750 });
    expect(displayMass(906, 'imperial')).toEqual({ unit: 'lb', value: 1_997 });
    expect(displayMass(1000, 'imperial')).toEqual({ unit: 'tons', value: 1.1 });
    expect(displayMass(145_000, 'imperial')).toEqual({ unit: 'tons', value: 160 });
  });
});

describe('displayWeight (per-item factors)', () => {
  it('metric: kilograms with one decimal', () => {
    expect(displayWeight(0.5, 'metric')).toEqual({ unit: 'kg', value: 0.5 });
    expect(displayWeight(8, 'metric')).toEqual({ unit: 'kg', value: 8 });
  });

  it('imperial: ounces below a pound, pounds with one decimal from there', () => {
    expect(displayWeight(0.3, 'imperial')).toEqual({ unit: 'oz', value: 11 });
    expect(displayWeight(0.5, 'imperial')).toEqual({ unit: 'lb', value: 1.1 });
    expect(displayWeight(8, 'imperial')).toEqual({ unit: 'lb', value: 17.6 });
    // 0.45 kg is 15.87 oz, which rounds to a pound: shown as '1 lb', not '16 oz'.
    expect(displayWeight(0.45, 'imperial')).toEqual({ unit: 'lb', value: 1 });
  });
});
