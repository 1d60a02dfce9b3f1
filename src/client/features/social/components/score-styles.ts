import { scoreBand, toPercent, type ScoreBand } from '@common/domain/score-band';
import { useFormat, type Formatters } from '@client/i18n/format';

/** docs/product.md (Social): score colours (green, blue, yellow, gray), as a badge and as a bar fill. */
const BADGE: Record<ScoreBand, string> = {
  green: 'border-green-200 bg-green-100 text-green-800',
  blue: 'border-blue-200 bg-blue-100 text-blue-800',
  yellow: 'border-yellow-200 bg-yellow-100 text-yellow-800',
  gray: 'border-gray-200 bg-gray-100 text-gray-700',
};

const BAR: Record<ScoreBand, string> = {
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  yellow: 'bg-yellow-500',
  gray: 'bg-gray-400',
};

export function scoreBadgeClass(score: number): string {
  return BADGE[scoreBand(score)];
}

export function scoreBarClass(score: number): string {
  return BAR[scoreBand(score)];
}

/** A 0..1 score as a whole percentage in the page's language: '76%', '76 %'. */
export function formatScorePercent(format: Formatters, fraction: number): string {
  return format.number(toPercent(fraction) / 100, { style: 'percent' });
}

export function usePercent(): (fraction: number) => string {
  const format = useFormat();
  return (fraction) => formatScorePercent(format, fraction);
}
