import { CONDITION_RANK, CONDITIONS } from '../../../common/domain/taxonomy';
import type { RingReason } from '../../../common/domain/ring-reasons';
import { valueBandWords } from '../../../common/domain/value-band';
import type { swapRules } from '../../db/schema';
import type { WantArc } from './want-graph';

/**
 * Why a ring's member wants the item they receive, written into `ring_legs.reason` when the ring is
 * proposed: a code and its values (src/common/domain/ring-reasons.ts), worded by the reader's client.
 */

type RuleRow = typeof swapRules.$inferSelect;

/** A swap rule's criteria as the reason's values: domain values, never ids or words. */
function ruleParams(rule: RuleRow): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (rule.gender) params.gender = rule.gender;
  if (rule.category) params.category = rule.category;
  if (rule.sizes.length > 0) params.sizes = rule.sizes.join('/');
  if (rule.brands.length > 0) params.brands = rule.brands.join('/');
  if (rule.colors.length > 0) params.colors = rule.colors.join('/');
  const condition = CONDITIONS.find((c) => CONDITION_RANK[c] === rule.minConditionRank);
  if (condition) params.minCondition = condition;
  const band = valueBandWords(rule.minValueRatio, rule.maxValueRatio);
  return band.kind === 'within'
    ? { ...params, band: 'within', percent: band.percent }
    : { ...params, band: 'between', min: band.min, max: band.max };
}

/** The reason to store for the want behind a leg (its arc in the want graph). */
export function describeArc(arc: WantArc | undefined, rules: Map<string, RuleRow>): RingReason {
  if (!arc) return { code: 'wanted' };
  if (arc.kind === 'favorite') return { code: 'favourite' };
  if (arc.kind === 'wishlist')
    return arc.ref ? { code: 'wishlist', params: { entry: arc.ref } } : { code: 'wishlist' };
  const rule = arc.ref ? rules.get(arc.ref) : undefined;
  return rule ? { code: 'swapRule', params: ruleParams(rule) } : { code: 'swapRule' };
}
