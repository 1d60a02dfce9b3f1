import { Check } from 'lucide-react';
import { cn } from '@client/lib/utils';

/** The drawn box beside an item a member picks for an offer (the real checkbox is visually hidden). */
export function CheckMark({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-5 shrink-0 items-center justify-center rounded-md border-2',
        checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
      )}
    >
      {checked ? <Check className="size-3.5" /> : null}
    </span>
  );
}
