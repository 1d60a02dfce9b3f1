import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToggleChip } from '@client/components/ui/toggle-chip';

/** The List Item form's optional many-of choices (colours, seasons): a row of toggle chips. */
export function ItemChipGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  testIdPrefix,
  decorate,
  optionLabel,
}: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  testIdPrefix: string;
  /** Drawn before an option's name, e.g. a colour swatch. */
  decorate?: (option: T) => ReactNode;
  /** An option's name in the reader's language; the stored value by default. */
  optionLabel?: (option: T) => string;
}) {
  const { t } = useTranslation('items');
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">
        {legend} <span className="font-normal text-muted-foreground">{t('chipGroup.optional')}</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <ToggleChip
            key={option}
            pressed={value.includes(option)}
            onClick={() =>
              onChange(
                value.includes(option) ? value.filter((entry) => entry !== option) : [...value, option],
              )
            }
            data-testid={`${testIdPrefix}-${option.toLowerCase()}`}
          >
            {decorate?.(option)}
            {optionLabel ? optionLabel(option) : option}
          </ToggleChip>
        ))}
      </div>
    </fieldset>
  );
}

const COLOR_SWATCHES = {
  Black: '#111827',
  White: '#ffffff',
  Gray: '#9ca3af',
  Navy: '#1e3a8a',
  Brown: '#7c4a23',
  Beige: '#e8d9b5',
  Red: '#dc2626',
  Pink: '#f472b6',
  Blue: '#3b82f6',
  Green: '#16a34a',
  Yellow: '#facc15',
  Purple: '#9333ea',
  Orange: '#f97316',
} as const;

export function ColorSwatch({ color }: { color: keyof typeof COLOR_SWATCHES }) {
  return (
    <span
      aria-hidden="true"
      className="size-3.5 rounded-full ring-1 ring-black/20"
      style={{ backgroundColor: COLOR_SWATCHES[color] }}
    />
  );
}
