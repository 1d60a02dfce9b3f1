/**
 * A swap's short reference, printed on its packing slip and shown on its page, so that a parcel can
 * be matched to its swap: "T-" (a trade) or "R-" (a ring) and the first 8 characters of its id.
 */
export function swapReference(kind: 'trade' | 'ring', id: string): string {
  return `${kind === 'trade' ? 'T' : 'R'}-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
