import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@client/lib/utils';

/*
 * A table that becomes a stack of cards on a phone: below the `sm` breakpoint each row is a card
 * and each cell shows its column's name before its value; the header row stays for assistive
 * technology only. One markup for both widths.
 */

export function StackedTable({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('block w-full text-sm sm:table', className)} {...props} />;
}

export function StackedHead({ columns }: { columns: string[] }) {
  return (
    <thead className="sr-only sm:not-sr-only sm:table-header-group">
      <tr className="border-b text-left text-muted-foreground">
        {columns.map((column) => (
          <th key={column} scope="col" className="px-3 py-2 font-medium">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function StackedBody(props: ComponentProps<'tbody'>) {
  return <tbody className="grid gap-3 sm:table-row-group" {...props} />;
}

export function StackedRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'grid gap-1 rounded-lg border bg-card p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:bg-transparent sm:p-0',
        className,
      )}
      {...props}
    />
  );
}

/** A cell; `label` is its column's name, shown before the value on a phone. */
export function StackedCell({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <td
      className={cn('flex min-w-0 gap-2 break-words sm:table-cell sm:px-3 sm:py-2 sm:align-top', className)}
    >
      <span className="w-24 shrink-0 text-muted-foreground sm:hidden">{label}</span>
      <span className="min-w-0">{children}</span>
    </td>
  );
}
