import { cn } from '@client/lib/utils';

/** A count as a badge shows it: up to 99, then '99+'. */
export function countBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The coral unread badge (theme colour `badge`) on an icon button (messages, notifications); nothing when the count is 0.
 * Hidden from assistive technology: the button's own label says the count. `className` places it.
 */
export function CountBadge({
  count,
  className,
  testId,
}: {
  count: number;
  className: string;
  testId: string;
}) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-badge px-1 text-[0.6875rem] leading-none font-semibold text-badge-foreground tabular-nums ring-2 ring-background',
        className,
      )}
      data-testid={testId}
    >
      {countBadgeText(count)}
    </span>
  );
}
