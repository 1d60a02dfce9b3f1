import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';

/** A centred h2 with an optional lead paragraph, for marketing sections. */
export function SectionHeading({
  id,
  title,
  description,
  className,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl space-y-3 text-center', className)}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {description ? <p className="text-lg text-muted-foreground text-balance">{description}</p> : null}
    </div>
  );
}
