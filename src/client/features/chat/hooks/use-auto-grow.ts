import { useLayoutEffect, type RefObject } from 'react';

/** The input grows with its text up to `maxPx` (a few lines), then scrolls. */
export function useAutoGrow(input: RefObject<HTMLTextAreaElement | null>, value: string, maxPx = 160) {
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, maxPx)}px`;
  }, [input, value, maxPx]);
}
