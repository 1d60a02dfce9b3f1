import type { TFunction } from 'i18next';
import type { MatchReason } from '@common/domain/matching';
import { matchReasons } from '@common/domain/match-display';
import { useTranslation } from 'react-i18next';

/**
 * One reason in the page's language: `matching:reasons.<code>`, with `whose` as the i18next context
 * (`_you`, `_member`, `_them`) and the domain values it carries (a condition, a style) named.
 */
export function matchReasonText(t: TFunction, reason: MatchReason): string {
  const params: Record<string, string | number> = { ...reason.params };
  // The domain's names, from the same catalogue as the reason (`domain:conditions.*`, `domain:styles.*`).
  const named = (group: string, value: string) => t(`domain:${group}.${value}`, { defaultValue: value });
  if (typeof params.condition === 'string') params.condition = named('conditions', params.condition);
  if (typeof params.style === 'string') params.style = named('styles', params.style);
  if (typeof params.category === 'string') params.category = named('styles', params.category);
  const context = typeof params.whose === 'string' ? params.whose : undefined;
  return t(`matching:reasons.${reason.code}`, { ...params, context });
}

/** The reasons to show for a match (matchReasons), worded in the page's language. */
export function useMatchReasons(): (reasoning: readonly MatchReason[]) => string[] {
  const { t } = useTranslation('matching');
  return (reasoning) => matchReasons(reasoning).map((reason) => matchReasonText(t as TFunction, reason));
}
