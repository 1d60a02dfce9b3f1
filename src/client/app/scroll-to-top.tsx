import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * In-app navigation starts each page at the top, like a full page load would (opening or closing a
 * chat over the inbox is not a navigation to another page). Not on the first
 * render: the page is at the top already, and scrolling there would only force a layout while the
 * page loads.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  const page = pageOf(location);
  // The address the app opened at, until the first navigation.
  const opened = useRef<string | null>(page);
  useEffect(() => {
    if (page === opened.current) return;
    opened.current = null;
    window.scrollTo({ top: 0 });
  }, [page]);
  return null;
}

/** A conversation's address (/messages/{id}) is the inbox with a chat over it: the same page. */
function pageOf(location: string): string {
  return location.replace(/^\/messages\/[^/]+\/?$/, '/messages');
}
