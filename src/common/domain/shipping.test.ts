import { describe, expect, it } from 'vitest';
import { formatDollars } from './money';
import { isValidShippingWeight, parseDimensions, shippingCostCents } from './shipping';

describe('shippingCostCents', () => {
  it('charges $15.99 plus $0.50 per pound', () => {
    expect(shippingCostCents(1)).toBe(1649);
    expect(shippingCostCents(10)).toBe(2099);
    expect(formatDollars(shippingCostCents(4))).toBe('$17.99');
  });
  it('rounds fractional pounds to the nearest cent', () => {
    expect(shippingCostCents(2.3)).toBe(1714);
    expect(shippingCostCents(0.01)).toBe(1600);
  });
  it('reaches $90.99 at the 150 lb limit', () => {
    expect(shippingCostCents(150)).toBe(9099);
  });
});

describe('isValidShippingWeight', () => {
  it('accepts weights above 0 up to 150 lb', () => {
    expect(isValidShippingWeight(0.1)).toBe(true);
    expect(isValidShippingWeight(150)).toBe(true);
  });
  it('refuses zero, negative, over-limit and non-numbers', () => {
    expect(isValidShippingWeight(0)).toBe(false);
    expect(isValidShippingWeight(-2)).toBe(false);
    expect(isValidShippingWeight(150.01)).toBe(false);
    expect(isValidShippingWeight(Number.NaN)).toBe(false);
    expect(isValidShippingWeight(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('parseDimensions', () => {
  it('reads three numbers separated by x', () => {
    expect(parseDimensions('12x10x4')).toEqual({ length: 12, width: 10, height: 4 });
    expect(parseDimensions(' 12.5 X 10 × 4.25 in ')).toEqual({ length: 12.5, width: 10, height: 4.25 });
  });
  it('refuses zero sides, missing sides and extra text', () => {
    expect(parseDimensions('12x0x4')).toBeNull();
    expect(parseDimensions('12x10')).toBeNull();
    expect(parseDimensions('12x10x4x2')).toBeNull();
    expect(parseDimensions('-12x10x4')).toBeNull();
    expect(parseDimensions('big box')).toBeNull();
    expect(parseDimensions('')).toBeNull();
  });
});

describe('parseDimensions in centimetres', () => {
  it('accepts a cm suffix for metric members', () => {
    expect(parseDimensions('30x25x10 cm')).toEqual({ length: 30, width: 25, height: 10 });
    expect(parseDimensions('30 × 25 × 10cm')).toEqual({ length: 30, width: 25, height: 10 });
    expect(parseDimensions('30x25x10 mm')).toBeNull();
  });
});
