import { toast } from '@client/components/ui/use-toast';
import { isUnauthorizedError, serverMessage } from '@client/lib/api-client';
import { handleUnauthorized } from '@client/lib/unauthorized';

/**
 * The one reaction to a failed change: a lost session goes to sign-in (spec §8); anything else is
 * a destructive toast with the server's message, or the fallback when it gave none.
 */
export function reportMutationError(error: unknown, title: string, fallback: string): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized();
    return;
  }
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
}
