import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * In-app navigation starts each page at the top, like a full page load would. Not on the first
 * render: the page is at the top already, and scrolling there would only force a layout while the
 * page loads.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  // The address the app opened at, until the first navigation.
  const opened = useRef<string | null>(location);
  useEffect(() => {
    if (location === opened.current) return;
    opened.current = null;
    window.scrollTo({ top: 0 });
  }, [location]);
  return null;
}
