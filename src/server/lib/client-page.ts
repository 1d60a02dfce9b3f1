import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../common/domain/locales';
import { catalogue, firstScreenNamespaces } from './catalogues';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../common/api/first-screen';
import { firstScreenMarkup, withFirstScreenMarkup } from './first-screen-markup';
import { escapeHtml } from './html';
import { type PageMeta, withPageMeta } from './page-meta';
import { requestLocale } from './request-locale';

/**
 * The app's page (index.html) as served for every client route: in the request's language
 * (`<html lang>`), with that language's texts written in as JSON so that the first render waits for
 * no request, and for shared item links with their preview tags. Sent compressed when the client
 * accepts it; the plain pages are built once per language and build of the client.
 */
interface Built {
  mtimeMs: number;
  html: string;
}
let template: Built | undefined;
const pages = new Map<string, { body: Buffer; encoding: 'br' | 'gzip' | null }>();

async function indexHtml(clientDir: string): Promise<string> {
  const path = `${clientDir}/index.html`;
  const { mtimeMs } = await stat(path);
  if (!template || template.mtimeMs !== mtimeMs) {
    template = { mtimeMs, html: await readFile(path, 'utf8') };
    pages.clear();
  }
  return template.html;
}

/**
 * `value` as JSON that is safe inside a `<script>` element: '<', '>' and '&' are escaped (no text
 * can close the element or open a comment), and so are U+2028 and U+2029 (line terminators to
 * older JavaScript parsers). JSON.parse reads the escapes back as the same characters.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * index.html with the first screen's data (src/server/modules/items/first-screen.ts) for the
 * client's first render, and its photos preloaded at high priority at the top of the head, so
 * that they download beside the scripts instead of after them. Both go in word for word (function
 * replacements, lib/html.ts): the data holds members' text.
 */
export function withFirstScreen(html: string, dataJson: string, photos: readonly string[]): string {
  const links = photos
    .map((href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`)
    .join('\n    ');
  // After the charset declaration, which must come first; else at the head's start.
  const withLinks = !links
    ? html
    : /<meta charset="[^"]*"\s*\/?>/i.test(html)
      ? html.replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}\n    ${links}`)
      : html.replace(/<head>/i, (head) => `${head}\n    ${links}`);
  return withLinks.replace(
    '</head>',
    () => `  <script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${dataJson}</script>\n  </head>`,
  );
}

/**
 * index.html in `locale`, with the texts the first screen of `path` uses (every namespace, for a
 * path without a list in catalogues.ts); `data-namespaces="some"` tells the client to load the
 * rest once the page is up.
 */
export function withLanguage(html: string, locale: Locale, path = ''): string {
  const only = firstScreenNamespaces(path);
  const texts = catalogue(locale, only);
  const some = only ? ' data-namespaces="some"' : '';
  const withLang = /<html\s[^>]*lang="/.test(html)
    ? html.replace(/(<html\s[^>]*lang=")[^"]*"/, (_match, start: string) => `${start}${locale}"`)
    : html.replace(/<html\b/, () => `<html lang="${locale}"`);
  return withLang.replace(
    '</head>',
    () =>
      `  <script type="application/json" id="i18n-catalogue" data-locale="${locale}"${some}>${texts.json}</script>\n  </head>`,
  );
}

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** `quality`: brotli's, 9 for the pages built once; a page built per request takes less time at 5. */
function encode(html: string, encoding: 'br' | 'gzip' | null, quality = 9): Buffer {
  const raw = Buffer.from(html);
  if (encoding === 'br') {
    return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
  }
  return encoding === 'gzip' ? gzipSync(raw, { level: 9 }) : raw;
}

export async function sendClientPage(
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
  meta?: PageMeta,
  firstScreen?: { data: FirstScreenData; photos: readonly string[] },
) {
  const locale = await requestLocale(request);
  const encoding = encodingFor(request);
  const html = await indexHtml(clientDir);
  // A shared item's address opens its detail view at once, which may use any namespace.
  const path = /[?&]highlight=/.test(request.url) ? '' : (request.url.split('?')[0] ?? '');
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Language, Accept-Encoding, Cookie')
    .type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  if (meta || firstScreen) {
    // Built for this request: a shared item's preview, or the first screen's data (and, for a
    // visitor, its markup).
    let page = withLanguage(html, locale, path);
    if (meta) page = withPageMeta(page, meta);
    if (firstScreen) {
      // Serialized once: the page carries it, and the server's rendering reads and keys on it.
      const dataJson = scriptJson(firstScreen.data);
      page = withFirstScreen(page, dataJson, firstScreen.photos);
      const markup =
        !meta && firstScreen.data.authStatus
          ? await firstScreenMarkup(clientDir, request.log, {
              path,
              search: request.url.slice(path.length),
              locale,
              texts: catalogue(locale, firstScreenNamespaces(path)),
              dataJson,
            })
          : undefined;
      if (markup !== undefined) page = withFirstScreenMarkup(page, markup);
    }
    return reply.send(encode(page, encoding, meta ? 9 : 5));
  }
  const namespaces = firstScreenNamespaces(path) ? path : '*';
  const key = `${locale} ${encoding} ${namespaces}`;
  let page = pages.get(key);
  if (!page) {
    page = { body: encode(withLanguage(html, locale, path), encoding), encoding };
    pages.set(key, page);
  }
  return reply.send(page.body);
}
