import { describe, expect, it } from 'vitest';
import { isFairTrade, valueHint } from './value-hint';

describe('valueHint', () => {
  it('calls values within 20% of the wanted item similar', () => {
    expect(valueHint(8000, 10000)).toBe('similar');
    expect(valueHint(12000, 10000)).toBe('similar');
    expect(valueHint(10000, 10000)).toBe('similar');
  });
  it('names the higher side beyond 20%', () => {
    expect(valueHint(12001, 10000)).toBe('yours-higher');
    expect(valueHint(7999, 10000)).toBe('theirs-higher');
    expect(valueHint(1, 0)).toBe('yours-higher');
  });
});

describe('isFairTrade', () => {
  it('is fair within 10% of your own item value', () => {
    expect(isFairTrade(10000, 11000)).toBe(true);
    expect(isFairTrade(10000, 9000)).toBe(true);
    expect(isFairTrade(10000, 11001)).toBe(false);
    expect(isFairTrade(0, 0)).toBe(true);
    expect(isFairTrade(0, 1)).toBe(false);
  });
});
