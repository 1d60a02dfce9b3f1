import type { TFunction } from 'i18next';
import type { RingExplanationLine } from '@common/api/rings';
import type { RingReason } from '@common/domain/ring-reasons';

type NumberFormat = (value: number, options?: Intl.NumberFormatOptions) => string;

/** A swap rule's criteria, as a reason carries them, in the page's language: "Shoes · size 9 · …". */
function ruleCriteria(t: TFunction, params: Record<string, string | number>, number: NumberFormat) {
  const text = (key: string) => (typeof params[key] === 'string' ? params[key] : '');
  const named = (group: string, value: string) => t(`rings:${group}.${value}`, { defaultValue: value });
  const percent = (key: string) => number(Number(params[key]) / 100, { style: 'percent' });
  const parts = [
    text('gender') && named('genders', text('gender')),
    text('category') && named('categories', text('category')),
    text('sizes') && t('rings:rules.describe.size', { sizes: text('sizes') }),
    text('brands'),
    text('colors') &&
      text('colors')
        .split('/')
        .map((color) => named('colors', color))
        .join('/'),
    text('minCondition') &&
      t('rings:rules.describe.orBetter', { condition: named('conditions', text('minCondition')) }),
    params.band === 'within' ? t('rings:reasons.within', { percent: percent('percent') }) : '',
    params.band === 'between' ? t('rings:reasons.between', { min: percent('min'), max: percent('max') }) : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * Why a ring's member wants the item they receive, in the page's language (`rings:reasons.*`): with
 * the wishlist entry or the rule's criteria when the reason carries them (to the member it explains).
 */
export function ringReasonText(t: TFunction, reason: RingReason, number: NumberFormat): string {
  const params = reason.params ?? {};
  if (reason.code === 'wishlist' && typeof params.entry === 'string') {
    return t('rings:reasons.wishlistEntry', { entry: params.entry });
  }
  if (reason.code === 'swapRule' && typeof params.band === 'string') {
    return t('rings:reasons.swapRuleCriteria', { criteria: ruleCriteria(t, params, number) });
  }
  return t(`rings:reasons.${reason.code}`);
}

/** One line of a ring's explanation: "Ben gives “Boots” ($55) to Ana: they favourited it." */
export function ringExplanationText(
  t: TFunction,
  line: RingExplanationLine,
  format: { money: (minor: number) => string; number: NumberFormat },
): string {
  return t('rings:explanation.line', {
    giver: line.giver,
    receiver: line.receiver,
    title: line.title,
    value: format.money(line.value),
    reason: ringReasonText(t, line.reason, format.number),
  });
}
