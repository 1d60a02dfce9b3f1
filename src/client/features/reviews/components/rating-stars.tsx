import { parseRating, starParts } from '@common/domain/rating-stars';
import { Star, StarHalf } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';

/**
 * A rating drawn as 5 stars, with a half star when the fraction is at least 0.5 (docs/product.md, Reviews).
 * Screen readers get the number instead of the drawing.
 */
export function RatingStars({
  rating,
  className,
  starClassName,
  label,
}: {
  rating: number | string;
  className?: string;
  starClassName?: string;
  /** What the rating is of, read before the number (e.g. 'Communication'). */
  label?: string;
}) {
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const { full, half, empty } = starParts(rating);
  const parsed = parseRating(rating);
  const value = format.number(
    parsed,
    Number.isInteger(parsed) ? {} : { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  );
  const text = label ? t('stars.labelled', { label, value }) : t('stars.label', { value });
  const star = cn('size-4 shrink-0', starClassName);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={text}>
      {Array.from({ length: full }, (_, index) => (
        <Star
          key={`full-${index}`}
          className={cn(star, 'fill-amber-400 text-amber-400')}
          aria-hidden="true"
        />
      ))}
      {half ? (
        <span className="relative inline-flex" aria-hidden="true">
          <Star className={cn(star, 'text-muted-foreground/35')} />
          <StarHalf className={cn(star, 'absolute inset-0 fill-amber-400 text-amber-400')} />
        </span>
      ) : null}
      {Array.from({ length: empty }, (_, index) => (
        <Star key={`empty-${index}`} className={cn(star, 'text-muted-foreground/35')} aria-hidden="true" />
      ))}
    </span>
  );
}
