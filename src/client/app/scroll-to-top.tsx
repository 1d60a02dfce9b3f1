import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** In-app navigation starts each page at the top, like a full page load would. */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location]);
  return null;
}
