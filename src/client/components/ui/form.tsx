import type { ReactNode } from 'react';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/lib/utils';

/** A field's messages: react-hook-form's `errors.x?.message`, a server issue, or several. */
export type ListOfErrors = string | null | undefined | ReadonlyArray<string | null | undefined>;

function errorsOf(errors: ListOfErrors): string[] {
  const list = typeof errors === 'string' || errors == null ? [errors] : errors;
  return list.filter((error): error is string => Boolean(error));
}

/**
 * A field's error messages, in the destructive style, at `id` (which the control names in its
 * aria-describedby). Renders nothing when there are none.
 */
export function ErrorList({ id, errors, testId }: { id?: string; errors: ListOfErrors; testId?: string }) {
  const messages = errorsOf(errors);
  if (messages.length === 0) return null;
  if (messages.length === 1) {
    return (
      <p id={id} className="text-sm font-medium text-destructive" data-testid={testId}>
        {messages[0]}
      </p>
    );
  }
  return (
    <ul id={id} className="grid gap-1 text-sm font-medium text-destructive" data-testid={testId}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** What a field's control spreads onto itself: its id and the aria state of the field. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The ids and aria wiring of a field, for a control laid out outside <Field>. */
export function fieldControlProps(
  id: string,
  { errors, hint = false }: { errors?: ListOfErrors; hint?: boolean } = {},
): FieldControlProps {
  const invalid = errorsOf(errors).length > 0;
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined };
}

/**
 * One form field: the label (for the control's id), the control, an optional hint and the
 * field's errors. The control gets `aria-invalid` while there are errors and `aria-describedby`
 * naming the hint and the errors, so a screen reader reads them with the field:
 *
 *   <Field id="item-title" label="Title" errors={errors.title?.message}>
 *     {(control) => <Input {...control} {...register('title')} />}
 *   </Field>
 *
 * `labelNote` follows the label in muted text, e.g. '(optional)'. The error list's test id is
 * `error-{id}`.
 */
export function Field({
  id,
  label,
  labelNote,
  hint,
  errors,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  labelNote?: ReactNode;
  hint?: ReactNode;
  errors?: ListOfErrors;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {labelNote ? <span className="font-normal text-muted-foreground"> {labelNote}</span> : null}
      </Label>
      {children(fieldControlProps(id, { errors, hint: Boolean(hint) }))}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors} testId={`error-${id}`} />
    </div>
  );
}
