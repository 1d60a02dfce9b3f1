import { toast } from '@client/components/ui/use-toast';
import { isSessionLost, errorText } from './api-error';
import { handleUnauthorized } from './unauthorized';

/**
 * The one reaction to a failed call the member asked for: a lost session goes to sign-in;
 * anything else is a destructive toast titled `title`, with the server's message, or `fallback`
 * when it gave none (or always `fallback` when `fixed`, for toasts whose wording never changes).
 */
export function reportApiError(
  error: unknown,
  { title, fallback, fixed = false }: { title: string; fallback: string; fixed?: boolean },
): void {
  if (isSessionLost(error)) {
    handleUnauthorized();
    return;
  }
  const description = fixed ? fallback : (errorText(error) ?? fallback);
  toast({ title, description, variant: 'destructive' });
}
