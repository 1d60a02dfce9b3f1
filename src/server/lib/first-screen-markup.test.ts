import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { listItem } from '../test-support/fixtures';
import { useTestApp } from '../test-support/test-app';

/*
 * The server puts the first screen's markup (src/client/ssr.tsx, built as dist/ssr/ssr.mjs beside
 * dist/client) into a visitor's / and /browse (decision 018). Here the built renderer is a stand-in
 * that records what it is given; src/client/ssr.test.tsx tests the real one.
 */
const dir = mkdtempSync(join(tmpdir(), 'threadswap-ssr-'));
const clientDir = join(dir, 'client');
mkdirSync(clientDir);
mkdirSync(join(dir, 'ssr'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Threadswap</title></head><body>\n    <div id="root">\n      <div>shell-before-render</div>\n    </div>\n  </body></html>',
);
writeFileSync(
  join(dir, 'ssr', 'ssr.mjs'),
  `export function renderFirstScreen(input) {
     const calls = (globalThis.__ssrCalls ??= []);
     calls.push(input);
     if (globalThis.__ssrThrow) throw new Error('cannot render here');
     return '<p data-rendered="' + input.path + '">' + input.data.items.flatMap((list) => list.items.map((item) => item.title.replace(/</g, '&lt;'))).join(',') + '</p>';
   }`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ clientDir });
const state = globalThis as {
  __ssrCalls?: { path: string; search: string; locale: string; texts: object }[];
  __ssrThrow?: boolean;
};
beforeEach(() => {
  state.__ssrCalls = [];
  state.__ssrThrow = false;
});

const root = (html: string) => /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<\/body>/.exec(html);

describe("a visitor's first screen comes rendered (decision 018)", () => {
  it("puts the rendering of a visitor's /browse into #root, marked for the client to hydrate", async () => {
    const owner = await t.member();
    await listItem(owner, { title: 'Linen shirt' });
    const page = await t.visitor().get('/browse?category=clothing', { 'accept-language': 'fr' });
    expect(page.statusCode).toBe(200);
    const found = root(page.body);
    expect(found?.[0]).toContain('<div id="root" data-server-rendered="">');
    expect(found?.[1]).toBe('<p data-rendered="/browse">Linen shirt</p>');
    expect(page.body).not.toContain('shell-before-render');
    const [call] = state.__ssrCalls ?? [];
    expect(call?.search).toBe('?category=clothing');
    expect(call?.locale).toBe('fr');
    // Exactly the namespaces the page carries for the client.
    expect(Object.keys(call?.texts ?? {})).toContain('browse');
    expect(Object.keys(call?.texts ?? {})).not.toContain('profile');
  });

  it('renders the landing page for a visitor, and never a page for a member', async () => {
    const owner = await t.member();
    await listItem(owner, { title: 'Wool coat' });
    expect(root((await t.visitor().get('/')).body)?.[1]).toContain('data-rendered="/"');
    state.__ssrCalls = [];
    for (const path of ['/', '/browse']) {
      const page = await owner.get(path);
      expect(page.body).not.toContain('data-server-rendered');
      expect(page.body).toContain('shell-before-render');
    }
    expect(state.__ssrCalls).toEqual([]);
  });

  it('leaves other pages and shared item links to the client', async () => {
    const owner = await t.member();
    const listed = await listItem(owner, { title: 'Trail boots' });
    for (const path of ['/how-it-works', '/categories', `/browse?highlight=${listed.id}`]) {
      expect((await t.visitor().get(path)).body).not.toContain('data-server-rendered');
    }
  });

  it('renders the same page once and serves it again from memory', async () => {
    const owner = await t.member();
    await listItem(owner, { title: 'Suede loafers' });
    const first = await t.visitor().get('/browse?search=loafers');
    const second = await t.visitor().get('/browse?search=loafers');
    expect(root(second.body)?.[1]).toBe(root(first.body)?.[1]);
    expect(state.__ssrCalls).toHaveLength(1);
  });

  it('sends the page without markup when the rendering fails, with its data for the client', async () => {
    state.__ssrThrow = true;
    const page = await t.visitor().get('/browse?search=anything-new');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('data-server-rendered');
    expect(page.body).toContain('shell-before-render');
    expect(page.body).toContain('id="first-screen"');
  });

  it('never renders markup from hostile text: the renderer gets the titles as data', async () => {
    const owner = await t.member();
    await listItem(owner, { title: '</div></body><script>alert(1)</script>' });
    const page = await t.visitor().get('/browse?search=alert');
    expect(page.body).not.toContain('<script>alert(1)');
  });
});
