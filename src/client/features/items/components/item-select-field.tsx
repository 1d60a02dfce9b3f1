import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { Field } from '@client/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { cn } from '@client/lib/utils';
import type { ItemFormOutput, ItemFormValues } from '../item-form-schema';

type ChoiceField = Extract<
  FieldPath<ItemFormValues>,
  'category' | 'gender' | 'style' | 'subcategory' | 'condition'
>;

/**
 * One of the List Item form's dropdowns (category, who it is for, style, condition). The select
 * edits the form value as is; `toValue`/`fromValue` translate where the select needs a value of
 * its own (Radix has no empty option, so 'No particular style' is 'none').
 */
export function ItemSelectField({
  control,
  name,
  label,
  labelNote,
  error,
  placeholder,
  options,
  disabled,
  onPicked,
  toValue = (value) => value,
  fromValue = (value) => value,
  markInvalid = true,
}: {
  control: Control<ItemFormValues, unknown, ItemFormOutput>;
  name: ChoiceField;
  label: string;
  labelNote?: string;
  error: string | undefined;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  disabled?: boolean;
  /** Runs after a choice, e.g. to clear a style that does not fit the new category. */
  onPicked?: (value: string) => void;
  toValue?: (value: string) => string;
  fromValue?: (value: string) => string;
  /** Whether an error also reddens the trigger's border. */
  markInvalid?: boolean;
}) {
  const id = `item-${name}`;
  return (
    <Field id={id} label={label} labelNote={labelNote} errors={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              value={toValue(field.value)}
              onValueChange={(next) => {
                field.onChange(fromValue(next));
                onPicked?.(next);
              }}
              disabled={disabled}
            >
              <SelectTrigger
                {...fieldControl}
                onBlur={field.onBlur}
                className={cn(markInvalid && error && 'border-destructive')}
                data-testid={`select-${id}`}
              >
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </Field>
  );
}
