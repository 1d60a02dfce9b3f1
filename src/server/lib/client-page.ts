import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../common/domain/locales';
import { catalogue, firstScreenNamespaces } from './catalogues';
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
 * index.html in `locale`, with the texts the first screen of `path` uses (every namespace, for a
 * path without a list in catalogues.ts); `data-namespaces="some"` tells the client to load the
 * rest once the page is up.
 */
export function withLanguage(html: string, locale: Locale, path = ''): string {
  const only = firstScreenNamespaces(path);
  const texts = catalogue(locale, only);
  const some = only ? ' data-namespaces="some"' : '';
  const withLang = /<html\s[^>]*lang="/.test(html)
    ? html.replace(/(<html\s[^>]*lang=")[^"]*"/, `$1${locale}"`)
    : html.replace(/<html\b/, `<html lang="${locale}"`);
  return withLang.replace(
    '</head>',
    `  <script type="application/json" id="i18n-catalogue" data-locale="${locale}"${some}>${texts.json}</script>\n  </head>`,
  );
}

function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function encode(html: string, encoding: 'br' | 'gzip' | null): Buffer {
  const raw = Buffer.from(html);
  if (encoding === 'br') {
    return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  }
  return encoding === 'gzip' ? gzipSync(raw, { level: 9 }) : raw;
}

export async function sendClientPage(
  request: FastifyRequest,
  reply: FastifyReply,
  clientDir: string,
  meta?: PageMeta,
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
  if (meta) return reply.send(encode(withPageMeta(withLanguage(html, locale, path), meta), encoding));
  const namespaces = firstScreenNamespaces(path) ? path : '*';
  const key = `${locale} ${encoding} ${namespaces}`;
  let page = pages.get(key);
  if (!page) {
    page = { body: encode(withLanguage(html, locale, path), encoding), encoding };
    pages.set(key, page);
  }
  return reply.send(page.body);
}
