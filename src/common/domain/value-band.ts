/**
 * A swap rule's value band (the share of the value of the item given that an item received may be
 * worth, `minValueRatio`–`maxValueRatio`) in plain words: a band as far below as above the item's
 * value reads 'within ±50 %', any other as its two ends in percent ('67 % to 150 %').
 */
export type ValueBandWords =
  { kind: 'within'; percent: number } | { kind: 'between'; min: number; max: number };

export function valueBandWords(minRatio: number, maxRatio: number): ValueBandWords {
  const below = Math.round((1 - minRatio) * 100);
  const above = Math.round((maxRatio - 1) * 100);
  if (below === above && below > 0) return { kind: 'within', percent: below };
  return { kind: 'between', min: Math.round(minRatio * 100), max: Math.round(maxRatio * 100) };
}

/** The band in English, about the item its owner gives: 'within ±50% of their item's value'. */
export function valueBandEnglish(minRatio: number, maxRatio: number): string {
  const band = valueBandWords(minRatio, maxRatio);
  return band.kind === 'within'
    ? `within ±${band.percent}% of their item's value`
    : `worth ${band.min}% to ${band.max}% of their item's value`;
}
