import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/** The horizontal frame every page and the header/footer share. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('page-container mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)}
      {...props}
    />
  );
}
