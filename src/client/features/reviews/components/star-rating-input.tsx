import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@client/lib/utils';
import { RadioFieldset, type RadioQuestionProps } from './radio-fieldset';

/**
 * Picks 1 to 5 stars. Native radios underneath keep keyboard use (arrow keys) and announce
 * 'N stars' to screen readers; the stars up to the choice light up.
 */
export function StarRatingInput(props: RadioQuestionProps<number>) {
  const { value, onChange, name, testIdPrefix } = props;
  const { t } = useTranslation('reviews');
  return (
    <RadioFieldset legend={props.legend} error={props.error} rowClassName="flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((stars) => (
        <label
          key={stars}
          className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          data-testid={`${testIdPrefix}-${stars}`}
        >
          <input
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            className="sr-only"
          />
          <span className="sr-only">{t('stars.count', { count: stars })}</span>
          <Star
            aria-hidden="true"
            className={cn(
              'size-7 transition-colors',
              stars <= value
                ? 'fill-amber-400 text-amber-400'
                : 'text-muted-foreground/40 hover:text-amber-300',
            )}
          />
        </label>
      ))}
      <span className="ml-2 text-sm text-muted-foreground" aria-hidden="true">
        {value > 0 ? t('stars.outOfFive', { value }) : null}
      </span>
    </RadioFieldset>
  );
}
