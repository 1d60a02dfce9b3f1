import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldError, type FieldValues, get, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodIssueCode } from '@common/api/errors';
import { currentLocale } from '@client/i18n';
import { codeText } from './api-error';

/**
 * `zodResolver` for a form checked with the contract's own schema, whose messages are English (the
 * server answers with them too). In another language each field shows the text of its issue's code
 * from the errors catalogue, with the issue's params (`Au moins 3 caractères`), as a server answer's
 * field issues are shown. Only the sizes and presence checks are rewritten: a choice or a
 * refinement may carry the form's own translated message, which says more than a generic text.
 */
const REWRITTEN = new Set([
  'validation.required',
  'validation.too_short',
  'validation.too_long',
  'validation.too_small',
  'validation.too_big',
  'validation.too_few',
  'validation.too_many',
  'validation.invalid_email',
]);

export function localizedResolver<Input extends FieldValues, Context, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, Context, Output> {
  const base = zodResolver(schema) as Resolver<Input, Context, Output>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (currentLocale() === 'en' || Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return result;
    for (const issue of parsed.error.issues) {
      const field = get(result.errors, issue.path.map(String).join('.')) as FieldError | undefined;
      const { code, params } = zodIssueCode(issue);
      if (!field || typeof field !== 'object' || !REWRITTEN.has(code)) continue;
      field.message = codeText(code, params ?? {}, null) ?? field.message;
    }
    return result;
  };
}
