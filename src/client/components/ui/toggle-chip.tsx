import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/** A pill that is on or off (aria-pressed): multi-choice filters and form options. */
export function ToggleChip({
  pressed,
  className,
  type = 'button',
  ...props
}: Omit<ComponentProps<'button'>, 'aria-pressed'> & { pressed: boolean }) {
  return (
    <button
      type={type}
      aria-pressed={pressed}
      data-state={pressed ? 'on' : 'off'}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-input bg-card text-foreground hover:border-primary/50 hover:bg-accent',
        className,
      )}
      {...props}
    />
  );
}
