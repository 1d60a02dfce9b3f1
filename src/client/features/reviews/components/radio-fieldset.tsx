import { type ReactNode, useId } from 'react';
import { ErrorList } from '@client/components/ui/form';

/** What the review form's radio questions share: their props besides the value. */
export interface RadioQuestionProps<T> {
  legend: string;
  value: T;
  onChange: (value: NonNullable<T>) => void;
  name: string;
  error?: string;
  testIdPrefix: string;
}

/**
 * A radio question's frame: the fieldset named by its legend, the choices in a row (`rowClassName`),
 * and the field's error below, tied to the fieldset as its description.
 */
export function RadioFieldset({
  legend,
  error,
  rowClassName,
  children,
}: {
  legend: string;
  error?: string;
  rowClassName: string;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className={rowClassName}>{children}</div>
      <ErrorList id={errorId} errors={error} />
    </fieldset>
  );
}
