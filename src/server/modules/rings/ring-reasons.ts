import { CONDITION_LABELS, CONDITION_RANK, CONDITIONS } from '../../../common/domain/taxonomy';
import type { swapRules } from '../../db/schema';
import type { WantArc } from './want-graph';

/**
 * Why a ring's member wants the item they receive: written into `ring_legs.reason` when the ring is
 * proposed (describeArc), and read back as the ring's explanation (reasonShownTo). A member's
 * wishlist entries and swap rules are private to them, so the words naming one are shown to that
 * member only; the ring's other members read which kind of want it is.
 */

type RuleRow = typeof swapRules.$inferSelect;

const WISHLIST_ENTRY = 'it matches their wishlist entry';
const SWAP_RULE = 'it matches their swap rule';

/** "shoes · size 9 · Dr. Martens · Good or better · 0.67–1.5× the value given". */
function describeRule(rule: RuleRow) {
  const parts: string[] = [];
  if (rule.gender) parts.push(rule.gender);
  if (rule.category) parts.push(rule.category);
  if (rule.sizes.length > 0) parts.push(`size ${rule.sizes.join('/')}`);
  if (rule.brands.length > 0) parts.push(rule.brands.join('/'));
  if (rule.colors.length > 0) parts.push(rule.colors.join('/').toLowerCase());
  const condition = CONDITIONS.find((c) => CONDITION_RANK[c] === rule.minConditionRank);
  if (condition) parts.push(`${CONDITION_LABELS[condition]} or better`);
  const band = `${Math.round(rule.minValueRatio * 100) / 100}–${Math.round(rule.maxValueRatio * 100) / 100}× the value given`;
  return [...parts, band].join(' · ');
}

/** The reason as stored, in the words its owner reads. */
export function describeArc(arc: WantArc | undefined, rules: Map<string, RuleRow>) {
  if (!arc) return 'it is on their wish list';
  if (arc.kind === 'favorite') return 'they favourited it';
  if (arc.kind === 'wishlist') return `${WISHLIST_ENTRY} "${arc.ref}"`;
  const rule = arc.ref ? rules.get(arc.ref) : undefined;
  return rule ? `${SWAP_RULE} (${describeRule(rule)})` : SWAP_RULE;
}

/**
 * A stored reason as `viewerId` reads it: in full when the viewer is the member it explains (the
 * leg's receiver), else without the entry's title or the rule's criteria. Rings proposed before this
 * rule stored the same words, so they read the same.
 */
export function reasonShownTo(reason: string, wantedBy: string, viewerId: string) {
  if (wantedBy === viewerId) return reason;
  if (reason.startsWith(WISHLIST_ENTRY)) return 'it matches their wishlist';
  if (reason.startsWith(SWAP_RULE)) return SWAP_RULE;
  return reason;
}
