import { useTranslation } from 'react-i18next';
import { cn } from '@client/lib/utils';
import { RadioFieldset, type RadioQuestionProps } from './radio-fieldset';

/** Each choice's label is `form.<testId>` in the reviews catalogue. */
const choices = [
  { value: true, testId: 'yes' },
  { value: false, testId: 'no' },
] as const;

/**
 * A required yes/no question as two native radios drawn as buttons. It starts with neither chosen,
 * so a review never records an answer the member did not give.
 */
export function YesNoInput(props: RadioQuestionProps<boolean | undefined>) {
  const { value, onChange, name, testIdPrefix } = props;
  const { t } = useTranslation('reviews');
  return (
    <RadioFieldset legend={props.legend} error={props.error} rowClassName="flex gap-2">
      {choices.map((choice) => (
        <label
          key={choice.testId}
          className={cn(
            'cursor-pointer rounded-md border px-4 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            value === choice.value
              ? 'border-primary bg-primary text-primary-foreground'
              : 'bg-background hover:bg-muted',
          )}
          data-testid={`${testIdPrefix}-${choice.testId}`}
        >
          <input
            type="radio"
            name={name}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            className="sr-only"
          />
          {t(`form.${choice.testId}`)}
        </label>
      ))}
    </RadioFieldset>
  );
}
