import { describe, expect, it } from 'vitest';
import { formatOneDecimal, formatPercent, scoreBand, toPercent } from './score-band';

describe('scoreBand', () => {
  it('colours 0.8 and above green, 0.6 blue, 0.4 yellow, below gray', () => {
    expect(scoreBand(1)).toBe('green');
    expect(scoreBand(0.8)).toBe('green');
    expect(scoreBand(0.79)).toBe('blue');
    expect(scoreBand(0.6)).toBe('blue');
    expect(scoreBand(0.59)).toBe('yellow');
    expect(scoreBand(0.4)).toBe('yellow');
    expect(scoreBand(0.39)).toBe('gray');
    expect(scoreBand(0)).toBe('gray');
    expect(scoreBand(Number.NaN)).toBe('gray');
  });
});

describe('percentages', () => {
  it('rounds a fraction to a whole percentage', () => {
    expect(toPercent(0.756)).toBe(76);
    expect(toPercent(0.745)).toBe(75);
    expect(toPercent(0)).toBe(0);
    expect(formatPercent(0.5)).toBe('50%');
  });
  it('clamps to 0..100 and treats non-numbers as 0', () => {
    expect(toPercent(1.2)).toBe(100);
    expect(toPercent(-0.1)).toBe(0);
    expect(toPercent(Number.NaN)).toBe(0);
  });
});

describe('formatOneDecimal', () => {
  it('shows one decimal', () => {
    expect(formatOneDecimal(4)).toBe('4.0');
    expect(formatOneDecimal(4.25)).toBe('4.3');
    expect(formatOneDecimal(0)).toBe('0.0');
    expect(formatOneDecimal(Number.NaN)).toBe('0.0');
  });
});
