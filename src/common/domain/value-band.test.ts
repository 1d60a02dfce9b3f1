import { describe, expect, it } from 'vitest';
import { valueBandEnglish, valueBandWords } from './value-band';

describe('a swap rule’s value band in plain words', () => {
  it('reads a band as far below as above the value as ±', () => {
    expect(valueBandWords(0.5, 1.5)).toEqual({ kind: 'within', percent: 50 });
    expect(valueBandEnglish(0.8, 1.2)).toBe("within ±20% of their item's value");
  });

  it('reads any other band as its two ends in percent, never as × ratios', () => {
    expect(valueBandWords(0.67, 1.5)).toEqual({ kind: 'between', min: 67, max: 150 });
    expect(valueBandEnglish(0.67, 1.5)).toBe("worth 67% to 150% of their item's value");
    expect(valueBandWords(1, 1)).toEqual({ kind: 'between', min: 100, max: 100 });
  });
});
