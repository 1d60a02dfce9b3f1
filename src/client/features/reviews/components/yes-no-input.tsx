import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '@client/components/ui/form';
import { cn } from '@client/lib/utils';

/** Each choice's label is `form.<testId>` in the reviews catalogue. */
const choices = [
  { value: true, testId: 'yes' },
  { value: false, testId: 'no' },
] as const;

/**
 * A required yes/no question as two native radios drawn as buttons. It starts with neither chosen,
 * so a review never records an answer the member did not give.
 */
export function YesNoInput({
  legend,
  value,
  onChange,
  name,
  error,
  testIdPrefix,
}: {
  legend: string;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  name: string;
  error?: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('reviews');
  const errorId = useId();
  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex gap-2">
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
      </div>
      <ErrorList id={errorId} errors={error} />
    </fieldset>
  );
}
