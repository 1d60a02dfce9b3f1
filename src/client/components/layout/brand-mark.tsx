import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/** The Threadswap mark: two arrows swapping places, drawn inline (no network requests). */
export function BrandMark({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)} {...props}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 13.5h11.5l-3-3M23 18.5H11.5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="text-primary-foreground"
      />
      <circle cx="24.5" cy="8" r="2.5" className="fill-coral" />
    </svg>
  );
}
