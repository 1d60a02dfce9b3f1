import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../common/api/first-screen';
import { listItem } from '../test-support/fixtures';
import { type TestClient, useTestApp } from '../test-support/test-app';
import { escapeHtml } from './html';

/*
 * Member text in the pages the server builds (client-page.ts, page-meta.ts, first-screen-markup.ts):
 * inserted literally and escaped, whatever `$` sequences it holds. String.prototype.replace reads
 * `$&`, `$'` and `` $` `` in a string replacement as patterns; a listing titled with them once copied
 * the page shell into the page for every visitor.
 */
const HOSTILE = "A $` B $' C $& D $1 E $<x> </script><script>alert(1)</script> <!-- F";
/** The same, within the shorter limits of a brand, a size or a tag. */
const SHORT = "$`$'$&$1</script><!--";

// A page shell the size of the real one (its inlined stylesheet): a copy of it shows at once.
const SHELL_PADDING = `<style>${'.x{color:red}'.repeat(4000)}</style>`;
const dir = mkdtempSync(join(tmpdir(), 'threadswap-member-text-'));
const clientDir = join(dir, 'client');
mkdirSync(clientDir);
mkdirSync(join(dir, 'ssr'));
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The site" />
    <title>Threadswap · Swap pre-loved fashion</title>
    ${SHELL_PADDING}
  </head>
  <body>
    <div id="root">
      <div>shell-before-render</div>
    </div>
  </body>
</html>`;
writeFileSync(join(clientDir, 'index.html'), SHELL);
// The built renderer's stand-in: it writes the listings' text escaped, as React does.
writeFileSync(
  join(dir, 'ssr', 'ssr.mjs'),
  `const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
   export function renderFirstScreen(input) {
     return '<main>' + input.data.items.flatMap((list) => list.items.map((item) =>
       '<article>' + [item.title, item.brand, item.size, item.location, item.owner.firstName, item.owner.lastName].map(esc).join('|') + '</article>'
     )).join('') + '</main>';
   }`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ clientDir });

async function hostileListing() {
  const owner = await t.member();
  const named = await owner.patch('/api/users/profile', {
    firstName: HOSTILE.slice(0, 40),
    lastName: SHORT,
    location: SHORT,
  });
  expect(named.statusCode).toBe(200);
  const item = await listItem(owner, {
    title: HOSTILE,
    description: `${HOSTILE} ${HOSTILE}`,
    brand: SHORT,
    size: '$`$&',
    location: SHORT,
    tags: [SHORT.toLowerCase()],
  });
  return { owner, item };
}

const SCRIPT = new RegExp(
  `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`,
  's',
);
const carried = (html: string) => JSON.parse(SCRIPT.exec(html)?.[1] ?? 'null') as FirstScreenData | null;
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

/**
 * The length of a page for a plain listing (listed first, for the lists): a page with the hostile
 * listing too is that plus a listing's few kilobytes, where a copy of the shell would add 50 KB.
 */
async function plainLength(url: (plainId: string) => string) {
  const plain = await listItem(await t.member(), { title: 'Plain coat', description: 'Plain.' });
  const page = await t.visitor().get(url(plain.id), { 'accept-encoding': 'identity' });
  expect(page.statusCode).toBe(200);
  return page.body.length;
}

/** The page keeps the shell's shape (one head, one body, one title, nothing before #root) and size. */
function expectIntactShell(html: string, baseline: number) {
  expect(html.length).toBeLessThan(baseline + 8_000);
  expect(count(html, /<head>/g)).toBe(1);
  expect(count(html, /<\/head>/g)).toBe(1);
  expect(count(html, /<body>/g)).toBe(1);
  expect(count(html, /<title>/g)).toBe(1);
  expect(count(html, /<\/title>/g)).toBe(1);
  expect(count(html, /<!doctype html>/gi)).toBe(1);
  expect(count(html, /\.x\{color:red\}/g)).toBe(4000);
  // Every script element closes where it was opened: no text ends one early or opens a comment.
  expect(count(html, /<\/script>/gi)).toBe(count(html, /<script\b/gi));
  expect(html).not.toContain('<script>alert(1)');
  expect(html).not.toContain('<!-- F');
  // Nothing of the data is printed above the page's header.
  expect(/<body>([\s\S]*?)<div id="root"/.exec(html)?.[1]?.trim()).toBe('');
}

function expectLiteralListing(data: FirstScreenData | null, item: { id: string }) {
  const shown = data?.items.flatMap((list) => list.items).find((entry) => entry.id === item.id);
  expect(shown?.title).toBe(HOSTILE);
  expect(shown?.description).toBe(`${HOSTILE} ${HOSTILE}`);
  expect(shown?.brand).toBe(SHORT);
  expect(shown?.size).toBe('$`$&');
  expect(shown?.location).toBe(SHORT);
  expect(shown?.tags).toEqual([SHORT.toLowerCase()]);
  expect(shown?.owner.firstName).toBe(HOSTILE.slice(0, 40));
}

describe('member text in the pages the server builds is inserted literally and escaped', () => {
  it("Browse's first-screen data and server-rendered markup", async () => {
    const baseline = await plainLength(() => '/browse');
    const { item } = await hostileListing();
    const page = await t.visitor().get('/browse', { 'accept-encoding': 'identity' });
    expect(page.statusCode).toBe(200);
    expectIntactShell(page.body, baseline);
    expect(page.body).toContain('<title>Threadswap · Swap pre-loved fashion</title>');
    expectLiteralListing(carried(page.body), item);
    const root = /<div id="root" data-server-rendered="">([\s\S]*)<\/div>\s*<\/body>/.exec(page.body)?.[1];
    expect(root).toContain(HOSTILE.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
    expect(root).not.toContain('shell-before-render');
  });

  it("the landing page's showcase", async () => {
    const baseline = await plainLength(() => '/');
    const { item } = await hostileListing();
    const page = await t.visitor().get('/', { 'accept-encoding': 'identity' });
    expect(page.statusCode).toBe(200);
    expectIntactShell(page.body, baseline);
    expectLiteralListing(carried(page.body), item);
  });

  it("a shared listing's title, description and Open Graph tags", async () => {
    const baseline = await plainLength((plainId) => `/browse?highlight=${plainId}`);
    const { item } = await hostileListing();
    const page = await t.visitor().get(`/browse?highlight=${item.id}`, { 'accept-encoding': 'identity' });
    expect(page.statusCode).toBe(200);
    expectIntactShell(page.body, baseline);
    const title = `${escapeHtml(HOSTILE)} · Threadswap`;
    expect(page.body).toContain(`<title>${title}</title>`);
    expect(meta(page.body, 'og:title')).toBe(title);
    expect(meta(page.body, 'og:description')).toContain(escapeHtml(SHORT));
    expect(meta(page.body, 'og:description')).toContain(escapeHtml(HOSTILE).slice(0, 60));
    expect(meta(page.body, 'og:url')).toMatch(new RegExp(`/browse\\?highlight=${item.id}$`));
    expect(count(page.body, /<meta property="og:title"/g)).toBe(1);
    const description = /<meta name="description" content="([^"]*)" \/>/.exec(page.body)?.[1];
    expect(description).toContain(escapeHtml(SHORT));
    expect(count(page.body, /<meta name="description"/g)).toBe(1);
  });

  it('keeps /browse small with many such listings', async () => {
    const baseline = await plainLength(() => '/browse');
    const owner: TestClient = await t.member();
    for (let index = 0; index < 6; index++) await listItem(owner, { title: '$`$`$`$`$`$`$`$`' });
    const page = await t.visitor().get('/browse', { 'accept-encoding': 'identity' });
    expect(page.statusCode).toBe(200);
    expect(page.body.length).toBeLessThan(baseline + 6 * 8_000);
    expect(carried(page.body)?.items[0]?.items.map((entry) => entry.title)).toEqual([
      ...Array.from({ length: 6 }, () => '$`$`$`$`$`$`$`$`'),
      'Plain coat',
    ]);
  });
});
