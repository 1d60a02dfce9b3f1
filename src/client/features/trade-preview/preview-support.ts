/**
 * Whether the 3D preview can run here. three.js (r163 and later) renders with WebGL 2 only, so
 * the test is to make a WebGL 2 context on a throwaway canvas, then hand it back at once so it
 * does not count against the browser's limit of live contexts.
 */
export function supportsWebGL2(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2');
    if (!context) return false;
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** `?preview=2d` in the page URL forces the flat side-by-side view (for tests and for comparison). */
export function flatPreviewRequested(search: string = window.location.search): boolean {
  return new URLSearchParams(search).get('preview') === '2d';
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
