import { escapeHtml } from './html';

/**
 * Link previews for shared pages. Crawlers of chat apps and social networks read the HTML as served
 * and run no script, so the server writes an item's Open Graph and Twitter card tags (and its title
 * and description) into index.html for `/browse?highlight={id}`, the item's shareable address. Every
 * other page gets the site's own card. Values are HTML-escaped (lib/html.ts).
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview image, if any. */
  image?: string;
  type: 'website' | 'product';
}

/** Cuts a description at a word boundary to about `max` characters. */
export function summary(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function withPageMeta(html: string, meta: PageMeta): string {
  const tags = [
    ['og:site_name', 'Threadswap'],
    ['og:type', meta.type],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
    ...(meta.image ? [['og:image', meta.image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`)
    .concat(
      `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
      `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    )
    .join('\n    ');
  // Function replacements: the title and description are members' text, inserted word for word.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
