import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstScreenData } from '../../common/api/first-screen';
import type { Catalogue } from './catalogues';

/*
 * A visitor's first screen of / and /browse rendered on the server (src/client/ssr.tsx, built by
 * the client's build as dist/ssr/ssr.mjs beside dist/client), for the page's #root
 * (docs/decisions/018-server-rendered-first-screen.md). Without that file (a build that predates
 * it) or when a render fails, the page goes out as before and the client renders it; a failure is
 * logged once per message.
 */

type Texts = Record<string, Record<string, unknown>>;

interface Renderer {
  renderFirstScreen(input: {
    path: '/' | '/browse';
    search: string;
    locale: string;
    texts: Texts;
    data: FirstScreenData;
  }): string;
}

let loaded: { file: string; mtimeMs: number; renderer: Promise<Renderer | null> } | undefined;
const reported = new Set<string>();

/** The same input renders the same markup: the last renders, by a hash of their input. */
const rendered = new Map<string, string>();
const KEPT_RENDERS = 64;

/**
 * A render costs some 10 to 30 ms of CPU. Beyond this many new renders a second (addresses nobody
 * asked for just before: a crawler, or someone paging through random searches), pages go out
 * without markup and the visitors' browsers render them, as they did before; the server's CPU stays
 * for the API.
 */
export const RENDERS_PER_SECOND = 20;
let budget = { second: 0, left: RENDERS_PER_SECOND };

function takeRender(now = Date.now()): boolean {
  const second = Math.floor(now / 1000);
  if (budget.second !== second) budget = { second, left: RENDERS_PER_SECOND };
  if (budget.left <= 0) return false;
  budget.left -= 1;
  return true;
}

function report(logger: FastifyBaseLogger, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (reported.has(message)) return;
  reported.add(message);
  logger.warn({ reason: message.slice(0, 500) }, 'The first screen was not rendered on the server');
}

async function renderer(clientDir: string, logger: FastifyBaseLogger): Promise<Renderer | null> {
  const file = join(clientDir, '..', 'ssr', 'ssr.mjs');
  const mtimeMs = await stat(file).then(
    (found) => found.mtimeMs,
    () => 0,
  );
  if (!loaded || loaded.file !== file || loaded.mtimeMs !== mtimeMs) {
    rendered.clear();
    const url = `${pathToFileURL(file).href}?v=${mtimeMs}`;
    loaded = {
      file,
      mtimeMs,
      renderer: mtimeMs
        ? import(url).then(
            (module: Renderer) => module,
            (error: unknown) => {
              report(logger, error);
              return null;
            },
          )
        : Promise.resolve(null),
    };
  }
  return loaded.renderer;
}

/**
 * The markup of the app's first render of `path` (with `search`) for a visitor, in `locale` with
 * `texts` (the namespaces the page carries) and the page's first-screen data as the page carries
 * it (`dataJson`); undefined when it cannot be rendered here.
 */
export async function firstScreenMarkup(
  clientDir: string,
  logger: FastifyBaseLogger,
  input: { path: string; search: string; locale: string; texts: Catalogue; dataJson: string },
): Promise<string | undefined> {
  const { path, search, locale, texts, dataJson } = input;
  if (path !== '/' && path !== '/browse') return undefined;
  const render = await renderer(clientDir, logger);
  if (!render) return undefined;
  const key = createHash('sha256')
    .update(`${path}\0${search}\0${locale}\0${texts.version}\0`)
    .update(dataJson)
    .digest('base64url');
  const kept = rendered.get(key);
  if (kept !== undefined) {
    rendered.delete(key);
    rendered.set(key, kept);
    return kept;
  }
  if (!takeRender()) return undefined;
  try {
    const markup = render.renderFirstScreen({
      path,
      search,
      locale,
      texts: JSON.parse(texts.json) as Texts,
      data: JSON.parse(dataJson) as FirstScreenData,
    });
    rendered.set(key, markup);
    if (rendered.size > KEPT_RENDERS) rendered.delete(rendered.keys().next().value as string);
    return markup;
  } catch (error) {
    report(logger, error);
    return undefined;
  }
}

/** index.html with `markup` in place of #root's placeholder, marked for the client to hydrate. */
export function withFirstScreenMarkup(html: string, markup: string): string {
  return html.replace(
    /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
    (_match, tail: string) => `<div id="root" data-server-rendered="">${markup}</div>${tail}`,
  );
}
