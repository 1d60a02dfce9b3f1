import { RotateCw } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** A failed read (not a lost session, which goes to sign-in): say so and offer to try again. */
export function SocialLoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-8 text-center"
    >
      <p className="text-sm">Could not load {what}.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
