import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorText, issueText, type FieldIssue } from './api-error';

/** One refusal under one field: the field and the text to show. */
export type FieldProblem<F extends string> = readonly [field: F, message: string];

/** How a form names the fields of a server's answer. */
export interface ServerFieldMap<F extends string> {
  /**
   * The form field a field issue is about (its `path`, as the contract names it), or null when the
   * form has no such field. Default: the path's first part, when it is one of `fields`.
   */
  fieldOf?: (issue: FieldIssue) => F | null;
  /** The form's fields (the names a field issue's path may take). */
  fields: readonly F[];
  /** Error codes that are about one field (a wrong current password): that field shows the code's text. */
  codes?: Readonly<Record<string, F>>;
  /** The text for such a code when this client has none and the answer had no message. */
  fallback?: string;
}

/**
 * The refusals of a failed call that belong under a form's fields (epic-stack's forms.tsx): an
 * error code that names a field, else each field issue (a 400's `issues`, `{ path, code, params }`)
 * whose path is a field of the form, with its text in the page's language (issueText), in the
 * answer's order (orderedProblems puts them in the form's). Empty for any other failure (the caller
 * then says it elsewhere: a toast, a line below the form).
 */
export function serverFieldProblems<F extends string>(
  error: unknown,
  { fieldOf, fields, codes, fallback }: ServerFieldMap<F>,
): Array<FieldProblem<F>> {
  if (!(error instanceof ApiError)) return [];
  const coded = error.code ? codes?.[error.code] : undefined;
  if (coded) return [[coded, errorText(error) ?? fallback ?? error.message]];
  const known = new Set<string>(fields);
  const fieldFor =
    fieldOf ??
    ((issue: FieldIssue) => (known.has(String(issue.path[0])) ? (String(issue.path[0]) as F) : null));
  return error.issues.flatMap((issue): Array<FieldProblem<F>> => {
    const field = fieldFor(issue);
    return field !== null ? [[field, issueText(issue)]] : [];
  });
}

/** Problems in the form's field order (stable for several under one field). */
export function orderedProblems<F extends string>(
  problems: ReadonlyArray<FieldProblem<F>>,
  fields: readonly F[],
): Array<FieldProblem<F>> {
  return fields.flatMap((field) => problems.filter(([name]) => name === field));
}

/**
 * Shows each problem under its field (react-hook-form's setError), the first one focused unless
 * `focus` is false. Answers the problems shown.
 */
export function showFieldProblems<T extends FieldValues, F extends FieldPath<T>>(
  setError: UseFormSetError<T>,
  problems: ReadonlyArray<FieldProblem<F>>,
  focus = true,
): ReadonlyArray<FieldProblem<F>> {
  problems.forEach(([field, message], index) =>
    setError(field, { message }, { shouldFocus: focus && index === 0 }),
  );
  return problems;
}

/**
 * A failed call's refusals under the form's fields (serverFieldProblems, then showFieldProblems).
 * Answers the problems shown: empty when none was about a field of the form.
 */
export function showServerErrors<T extends FieldValues, F extends FieldPath<T>>(
  error: unknown,
  setError: UseFormSetError<T>,
  map: ServerFieldMap<F>,
  focus = true,
): ReadonlyArray<FieldProblem<F>> {
  return showFieldProblems(setError, serverFieldProblems(error, map), focus);
}
