/**
 * How match results are shown (docs/product.md § Matching): Smart Match scores as rounded percentages in colour bands,
 * the confidence badge of a barter match, trade type names, and a trade ring as readable steps.
 */
import { DEFAULT_MATCH_REASON, type MatchReason } from './matching';

/** At most 8 smart matches are shown. */
export const SMART_MATCHES_SHOWN = 8;

/** A match confidence above this gets the default (strong) badge. */
export const HIGH_CONFIDENCE = 0.8;

/** overallScore (0..1) as a whole percentage, clamped to 0..100. */
export function scorePercent(overallScore: number): number {
  if (!Number.isFinite(overallScore)) return 0;
  return Math.min(100, Math.max(0, Math.round(overallScore * 100)));
}

export type ScoreBand = 'green' | 'blue' | 'yellow' | 'gray';

/** Colour bands of a percentage: at least 80 green, 60 blue, 40 yellow, below 40 grey. */
export function scoreBand(percent: number): ScoreBand {
  if (percent >= 80) return 'green';
  if (percent >= 60) return 'blue';
  if (percent >= 40) return 'yellow';
  return 'gray';
}

/** The reasons to show for a match: its own, or the default reason when it has none. */
export function matchReasons(reasoning: readonly MatchReason[]): MatchReason[] {
  return reasoning.length ? [...reasoning] : [DEFAULT_MATCH_REASON];
}

export function isHighConfidence(confidence: number): boolean {
  return confidence > HIGH_CONFIDENCE;
}

export type TradeType = 'direct' | 'one-way' | 'ring';

export const TRADE_TYPE_LABELS: Record<TradeType, string> = {
  direct: 'Direct swap',
  'one-way': 'One-way',
  ring: 'Trade ring',
};

export interface RingLink {
  userId: string;
  firstName: string;
  gives: { id: string; title: string };
}

export interface RingStep {
  giver: string;
  title: string;
  receiver: string;
}

/**
 * A trade ring in trading order, each member giving their item to the next and the last to the
 * first, written from the viewer's side ('You' and 'you' for the viewer).
 */
export function ringSteps(ring: readonly RingLink[], viewerId: string): RingStep[] {
  const name = (link: RingLink, capital: boolean) =>
    link.userId === viewerId ? (capital ? 'You' : 'you') : link.firstName;
  return ring.flatMap((link, index) => {
    const next = ring[(index + 1) % ring.length];
    if (!next || ring.length < 2) return [];
    return [{ giver: name(link, true), title: link.gives.title, receiver: name(next, false) }];
  });
}
