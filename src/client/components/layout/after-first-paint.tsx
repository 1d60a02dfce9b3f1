import { type ReactNode, startTransition, useEffect, useState } from 'react';

/*
 * What is below the first screen (the footer, the landing page's lower bands) renders just after
 * the app's first paint instead of with it: the first render, which the page's largest paint waits
 * for, then holds only what a phone shows at once, and the rest follows as an interruptible
 * transition. Once the app has painted, every later page renders everything at once.
 */
let painted = false;
let scheduled = false;
/** A server-rendered first screen is being hydrated (holdFirstPaint): nothing flips until it is. */
let held = false;
let requested = false;
const listeners = new Set<() => void>();

/** After the frame that shows the first render: a task queued from the next animation frame. */
function schedulePainted() {
  requested = true;
  if (scheduled || held) return;
  scheduled = true;
  const done = () => {
    painted = true;
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
  else setTimeout(done, 0);
}

/**
 * For a page whose first screen the server rendered (main.tsx): until that screen is hydrated
 * (FirstScreenHydrated), everything deferred stays deferred. Hydration commits the frame before
 * the page (a Suspense boundary of its own) is hydrated, and the page's deferred parts must then
 * still render nothing, as they did on the server.
 */
export function holdFirstPaint(): void {
  held = true;
}

/** Placed in the routed page's Suspense boundary: its effect runs once the page is hydrated. */
export function FirstScreenHydrated(): null {
  useEffect(() => {
    if (!held) return;
    held = false;
    if (requested) schedulePainted();
  }, []);
  return null;
}

/** Calls `callback` once, just after the app's first paint (at once if that has passed). */
export function whenFirstPainted(callback: () => void): void {
  if (painted) callback();
  else listeners.add(callback);
}

/** False during the app's first render, true from just after its first paint on. */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    if (painted) {
      setReady(true);
      return;
    }
    // A transition: the deferred part renders in slices that leave the main thread free.
    const listener = () => startTransition(() => setReady(true));
    listeners.add(listener);
    schedulePainted();
    return () => {
      listeners.delete(listener);
    };
  }, [ready]);
  return ready;
}

/**
 * Renders `children` from just after the app's first paint on. Only for what starts below the
 * first screen at every width, so that nothing on screen moves when it arrives.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
