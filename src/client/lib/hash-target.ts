import { useCallback } from 'react';

/**
 * A ref for the element with the id `elementId`: when the page was opened on its address's hash
 * (`/rings#ring-{id}`, a link from the account deletion that names what blocks it), the element is
 * scrolled into view once it renders, which a browser does by itself only for content present at load.
 */
export function useHashTarget(elementId: string) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || typeof window === 'undefined') return;
      if (window.location.hash !== `#${elementId}`) return;
      element.scrollIntoView({ block: 'start' });
    },
    [elementId],
  );
}
