import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { createContext, useContext, type ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

const InGroup = createContext(false);

/**
 * As docs/product.md (Screens) has it: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay.
 * Tooltips that sit together (the navigation bar's icons) share one provider, so that the skip
 * applies between them. It is not at the app's root: Radix's tooltip brings its positioning
 * engine (floating-ui), which no page needs on its first render (to keep the first load small).
 */
export function TooltipProvider({
  delayDuration = 700,
  skipDelayDuration = 300,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <InGroup.Provider value={true}>
      <TooltipPrimitive.Provider
        delayDuration={delayDuration}
        skipDelayDuration={skipDelayDuration}
        {...props}
      />
    </InGroup.Provider>
  );
}

/** A tooltip; outside a TooltipProvider it brings its own (with the same delays). */
export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root {...props} />;
  return useContext(InGroup) ? root : <TooltipProvider>{root}</TooltipProvider>;
}
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md animate-fade-in data-[state=closed]:animate-fade-out',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
