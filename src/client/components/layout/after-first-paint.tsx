import { type ReactNode, startTransition, useEffect, useState } from 'react';

/*
 * What is below the first screen (the footer, the landing page's lower bands) renders just after
 * the app's first paint instead of with it: the first render, which the page's largest paint waits
 * for, then holds only what a phone shows at once, and the rest follows as an interruptible
 * transition. Once the app has painted, every later page renders everything at once.
 *
 * The deferred parts come in stages, one after the other: a transition's render is sliced, but its
 * commit (inserting the new elements) is one task, and the landing's two lower bands with the
 * footer made that task some 150 ms long on a throttled phone. Each stage commits on its own, and
 * the next one starts in a later task.
 */
let painted = false;
let scheduled = false;
/** A server-rendered first screen is being hydrated (holdFirstPaint): nothing flips until it is. */
let held = false;
let requested = false;
const listeners = new Set<() => void>();

/** The highest stage revealed so far; every stage is revealed once the sequence has run out. */
let revealed = -1;
/** The deferred parts waiting for their stage, by stage. */
const waiting = new Map<number, Set<() => void>>();
/** A stage whose parts did not commit (unmounted meanwhile) does not hold the next ones up. */
const STAGE_FALLBACK_MS = 1000;
let fallback: ReturnType<typeof setTimeout> | undefined;

/** Reveals the lowest stage still waiting (after those revealed); all later ones follow one by one. */
function revealNextStage() {
  clearTimeout(fallback);
  const stages = [...waiting.keys()].filter((stage) => stage > revealed);
  if (stages.length === 0) {
    revealed = Number.POSITIVE_INFINITY;
    return;
  }
  const stage = Math.min(...stages);
  revealed = stage;
  const parts = waiting.get(stage) ?? new Set();
  waiting.delete(stage);
  for (const reveal of parts) reveal();
  fallback = setTimeout(revealNextStage, STAGE_FALLBACK_MS);
}

/** Placed after a stage's parts: once they have committed, the next stage starts in a task of its own. */
function StageShown({ stage }: { stage: number }): null {
  useEffect(() => {
    if (stage === revealed) setTimeout(() => stage === revealed && revealNextStage(), 0);
  }, [stage]);
  return null;
}

/** After the frame that shows the first render: a task queued from the next animation frame. */
function schedulePainted() {
  requested = true;
  if (scheduled || held) return;
  scheduled = true;
  const done = () => {
    painted = true;
    for (const listener of [...listeners]) listener();
    listeners.clear();
    revealNextStage();
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

/**
 * False during the app's first render, true from just after its first paint on, once the stages
 * before `stage` have committed (a part mounted after the sequence has run is shown at once).
 */
export function useAfterFirstPaint(stage = 0): boolean {
  const [ready, setReady] = useState(() => painted && stage <= revealed);
  useEffect(() => {
    if (ready) return;
    if (painted && stage <= revealed) {
      setReady(true);
      return;
    }
    // A transition: the deferred part renders in slices that leave the main thread free.
    const reveal = () => startTransition(() => setReady(true));
    const parts = waiting.get(stage) ?? new Set();
    parts.add(reveal);
    waiting.set(stage, parts);
    // Once painted, the sequence is under way (it has not passed this stage): it takes its turn.
    if (!painted) schedulePainted();
    return () => {
      waiting.get(stage)?.delete(reveal);
    };
  }, [ready, stage]);
  return ready;
}

/**
 * Renders `children` from just after the app's first paint on, after the lower stages' parts.
 * Only for what starts below the first screen at every width, so that nothing on screen moves when
 * it arrives; a page's parts take stages in reading order (the footer, last, takes FOOTER_STAGE).
 */
export function AfterFirstPaint({ children, stage = 0 }: { children: ReactNode; stage?: number }) {
  return useAfterFirstPaint(stage) ? (
    <>
      {children}
      <StageShown stage={stage} />
    </>
  ) : null;
}

/** The footer comes after every page's own deferred parts. */
export const FOOTER_STAGE = 10;
