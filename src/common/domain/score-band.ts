/**
 * Scores from 0 to 1 are shown as rounded percentages and coloured by band:
 * 0.8 or above green, 0.6 blue, 0.4 yellow, below that gray (the social recommendations and
 * the smart-match list use the same bands).
 */

export type ScoreBand = 'green' | 'blue' | 'yellow' | 'gray';

const BANDS: ReadonlyArray<{ min: number; band: ScoreBand }> = [
  { min: 0.8, band: 'green' },
  { min: 0.6, band: 'blue' },
  { min: 0.4, band: 'yellow' },
];

/** The colour band of a 0..1 score; a NaN or negative score is gray. */
export function scoreBand(score: number): ScoreBand {
  return BANDS.find(({ min }) => score >= min)?.band ?? 'gray';
}

/** A 0..1 fraction as a whole percentage, clamped to 0..100: 0.756 -> 76. */
export function toPercent(fraction: number): number {
  if (!Number.isFinite(fraction)) return 0;
  return Math.min(100, Math.max(0, Math.round(fraction * 100)));
}

/** '76%'. */
export function formatPercent(fraction: number): string {
  return `${toPercent(fraction)}%`;
}

/** A rating shown with one decimal (the trust rating): 4 -> '4.0', 4.25 -> '4.3'. */
export function formatOneDecimal(value: number): string {
  return (Number.isFinite(value) ? Math.round(value * 10) / 10 : 0).toFixed(1);
}
