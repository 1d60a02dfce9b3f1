/**
 * The value comparison between the item you offer and the item you want
 * (docs/product.md § Value hint and fair trade).
 */

export const VALUE_SIMILARITY_TOLERANCE = 0.2;
export const FAIR_TRADE_TOLERANCE = 0.1;

export type ValueHint = 'similar' | 'yours-higher' | 'theirs-higher';

export const VALUE_HINT_TEXT: Record<ValueHint, string> = {
  similar: 'Great match! Values are similar',
  'yours-higher': 'Your item is valued higher',
  'theirs-higher': 'Their item is valued higher',
};

/** Similar when the values differ by at most 20% of the wanted item's value. */
export function valueHint(offeredCents: number, wantedCents: number): ValueHint {
  if (Math.abs(offeredCents - wantedCents) <= VALUE_SIMILARITY_TOLERANCE * wantedCents) return 'similar';
  return offeredCents > wantedCents ? 'yours-higher' : 'theirs-higher';
}

/** 'Fair Trade' when the absolute difference is at most 10% of your own item's value. */
export function isFairTrade(offeredCents: number, wantedCents: number): boolean {
  return Math.abs(offeredCents - wantedCents) <= FAIR_TRADE_TOLERANCE * offeredCents;
}
