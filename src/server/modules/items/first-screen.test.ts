import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../../common/api/first-screen';
import { items } from '../../db/schema';
import { listItem } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';

const dir = mkdtempSync(join(tmpdir(), 'threadswap-first-screen-'));
writeFileSync(
  join(dir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Threadswap</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ clientDir: dir });

const SCRIPT = new RegExp(
  `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`,
  's',
);
/** The first-screen data a page carries, as the client's JSON.parse reads it; null without any. */
function carried(html: string): FirstScreenData | null {
  const json = SCRIPT.exec(html)?.[1];
  return json === undefined ? null : (JSON.parse(json) as FirstScreenData);
}
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high" \/>/g)].map(
    (match) => match[1],
  );

describe('the first screen of / and /browse comes with its data (decision 017)', () => {
  it("writes Browse's first GET /api/items answer, exactly as the API gives it, and preloads its first photos", async () => {
    const owner = await t.member();
    await listItem(owner, { title: 'Linen shirt', category: 'clothing' });
    await listItem(owner, { title: 'Trail boots', category: 'shoes' });
    const visitor = t.visitor();
    const page = await visitor.get('/browse');
    expect(page.statusCode).toBe(200);
    const data = carried(page.body);
    const api = await visitor.get('/api/items?limit=24');
    expect(data?.items).toEqual([
      {
        key: 'limit=24',
        items: api.json(),
        total: Number(api.headers['x-total-count']),
        totalIsCapped: false,
      },
    ]);
    expect(data?.authStatus).toEqual((await visitor.get('/api/auth/status')).json());
    // Its counts too, so that the first screen shows them and asks for nothing after it.
    expect(data?.facets).toEqual([{ key: '', facets: (await visitor.get('/api/items/facets')).json() }]);
    const covers = (api.json() as { images: string[] }[]).map((item) => `${item.images[0]}?w=400`);
    expect(preloads(page.body)).toEqual(covers);
    // The preloads come right after the charset, before anything else in the head.
    expect(page.body.indexOf('rel="preload"')).toBeLessThan(page.body.indexOf('<title>'));
  });

  it("follows the address's filters, normalized as the client normalizes them", async () => {
    const owner = await t.member();
    await listItem(owner, { title: 'Suede loafers', category: 'shoes' });
    const page = await t.visitor().get('/browse?category=shoes&unknown=1&sortBy=nonsense');
    const [answer] = carried(page.body)?.items ?? [];
    expect(answer?.key).toBe('category=shoes&limit=24');
    expect(answer?.items.map((item) => item.category)).toEqual(['shoes']);
    // The counts for the same filters, without the order (the facets refuse sortBy).
    const [counts] = carried(page.body)?.facets ?? [];
    expect(counts?.key).toBe('category=shoes');
    expect(counts?.facets).toEqual((await t.visitor().get('/api/items/facets?category=shoes')).json());
  });

  it('escapes hostile titles: no text closes the script element or breaks a line', async () => {
    const owner = await t.member();
    const title = 'Coat </script><script>alert(1)</script> <!-- \u2028\u2029 & "x"';
    // Line separators are refused in a title now; a title stored before that rule still has them.
    const { id } = await listItem(owner, { title: 'Coat' });
    await t.db.update(items).set({ title }).where(eq(items.id, id));
    t.app.marketplaceCache.invalidate();
    const page = await t.visitor().get('/browse');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toMatch(/[\u2028\u2029]/);
    // Every element closes where it was opened (the page's own two: the texts and the data).
    expect(page.body.match(/<\/script>/gi)?.length).toBe(page.body.match(/<script\b/gi)?.length);
    expect(carried(page.body)?.items[0]?.items.map((item) => item.title)).toContain(title);
  });

  it("carries the landing showcase for a visitor's /, and nothing of a member's", async () => {
    const owner = await t.member();
    await listItem(owner);
    const landing = carried((await t.visitor().get('/')).body);
    expect(landing?.authStatus?.authenticated).toBe(false);
    expect(landing?.items.map((answer) => answer.key)).toEqual(['limit=8&sortBy=trending']);
    const home = await owner.get('/');
    // A member's own home page shows other lists, and the page never holds their session's answer.
    // …and the community's settings (its name and currency), which are public.
    expect(carried(home.body)).toEqual({
      items: [],
      community: expect.objectContaining({ currency: 'USD' }),
    });
    expect(home.body).not.toContain(owner.user?.email ?? '@');
    const browse = carried((await owner.get('/browse')).body);
    expect(browse?.authStatus).toBeUndefined();
    expect(browse?.items[0]?.key).toBe('limit=24');
  });

  it('keeps the language of the request and leaves other pages as they were', async () => {
    const page = await t.visitor().get('/browse', { 'accept-language': 'fr' });
    expect(page.body).toContain('<html lang="fr">');
    expect(carried(page.body)).not.toBeNull();
    expect(carried((await t.visitor().get('/how-it-works')).body)).toBeNull();
  });
});
