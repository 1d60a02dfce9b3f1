import { type RefCallback, startTransition, useCallback, useEffect, useState } from 'react';
import { whenFirstPainted } from '@client/components/layout/after-first-paint';

/** What the first screen shows at most: two rows of four on a desktop, four of two on a phone. */
export const FIRST_SCREEN_ITEMS = 8;

/** The events that mean someone is using the page: the rest is rendered at the first of them. */
const USE_EVENTS = ['scroll', 'wheel', 'keydown', 'pointerdown', 'touchstart'] as const;

/**
 * How many of `count` results to render, and a `sentinel` to place just after them.
 *
 * When the first results arrive, only the first screen's are rendered. The rest follow, as an
 * interruptible transition, once the first screen is painted and either the end of what is shown
 * comes within a screen's height of the viewport (always so on a desktop, where eight cards are
 * two rows), or the visitor scrolls, types or touches the page. A phone that opens Browse and
 * reads its first screen then spends no main-thread time on sixteen cards it does not see, and
 * nothing visible moves when they arrive: they are a screen below the fold. Once shown, every
 * later page of results renders at once.
 *
 * Without IntersectionObserver (very old browsers) the rest follows just after the first paint.
 */
export function useFirstScreenFirst(count: number): {
  rendered: number;
  sentinel: RefCallback<HTMLElement>;
} {
  const [all, setAll] = useState(false);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const holding = !all && count > FIRST_SCREEN_ITEMS;
  useEffect(() => {
    // The sentinel is set by the commit that renders it; the effect runs again with it.
    if (!holding || !target) return;
    let done = false;
    let observer: IntersectionObserver | undefined;
    const showAll = () => {
      if (done) return;
      done = true;
      stop();
      startTransition(() => setAll(true));
    };
    const stop = () => {
      observer?.disconnect();
      for (const event of USE_EVENTS) window.removeEventListener(event, showAll, true);
    };
    whenFirstPainted(() => {
      if (done) return;
      if (typeof IntersectionObserver !== 'function') {
        showAll();
        return;
      }
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) showAll();
        },
        { rootMargin: '0px 0px 100% 0px' },
      );
      observer.observe(target);
      for (const event of USE_EVENTS) {
        window.addEventListener(event, showAll, { capture: true, passive: true, once: true });
      }
    });
    return () => {
      done = true;
      stop();
    };
  }, [holding, target]);
  const sentinel = useCallback((element: HTMLElement | null) => setTarget(element), []);
  return { rendered: holding ? FIRST_SCREEN_ITEMS : count, sentinel };
}
