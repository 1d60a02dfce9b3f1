/**
 * Uploaded photos are served at /images/{id} in two widths: 1200 px by default and
 * 400 px with ?w=400. Grids use the small one; other URLs (none are expected) pass unchanged.
 */
const STORED_IMAGE = /^\/images\/[0-9a-f-]{36}$/i;

export type ImageWidth = 400 | 1200;

export function imageUrl(url: string, width: ImageWidth = 1200): string {
  if (!STORED_IMAGE.test(url)) return url;
  return width === 400 ? `${url}?w=400` : url;
}
