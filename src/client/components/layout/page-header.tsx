import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';

/** The title block at the top of a page: one h1 and an optional subtitle. */
export function PageHeader({
  title,
  description,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {description ? <p className="text-base text-muted-foreground sm:text-lg">{description}</p> : null}
    </div>
  );
}
