import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from './app';
import { communitySettings } from './db/schema';
import { withLanguage } from './lib/client-page';
import { testConfig } from './test-support/test-app';
import { openTestDatabase } from './test-support/test-database';

/** The built client as the server sends it: precompressed copies to clients that accept them. */
describe('serving the built client', () => {
  const dir = mkdtempSync(join(tmpdir(), 'threadswap-client-'));
  const script = 'export const answer = 42;\n'.repeat(50);
  const html = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
  let app: AppInstance;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    for (const [name, text] of [
      ['assets/entry-abc123.js', script],
      ['index.html', html],
    ] as const) {
      writeFileSync(join(dir, name), text);
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    }
    database = await openTestDatabase();
    app = await buildApp({ config: testConfig, database, logger: false, clientDir: dir });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends brotli, gzip or the plain file by Accept-Encoding, cached for a year', async () => {
    const get = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/entry-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a page path with index.html, compressed too', async () => {
    // (/ and /browse also carry their first screen's data: modules/items/first-screen.test.ts.)
    const page = await app.inject({
      method: 'GET',
      url: '/how-it-works',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    // The page depends on the reader's language: revalidated every time, never shared across it.
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toContain('Accept-Language');
    expect(page.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ method: 'GET', url: '/how-it-works' });
    expect(plain.body).toBe(withLanguage(html, 'en', '/how-it-works'));
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(plain.body);
  });

  it("starts the page in the browser's language, with that language's texts written in", async () => {
    const french = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<script type="application/json" id="i18n-catalogue" data-locale="fr"');
    expect(french.body).toContain('"cancel":"Annuler"');
    const english = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('"cancel":"Cancel"');
  });

  it("writes in only the first screen's namespaces where visitors land, every one elsewhere", async () => {
    const catalogueOf = (body: string) => {
      const match = /<script type="application\/json" id="i18n-catalogue"([^>]*)>([^<]*)<\/script>/.exec(
        body,
      );
      return { attributes: match?.[1] ?? '', namespaces: Object.keys(JSON.parse(match?.[2] ?? '{}')) };
    };
    const browse = catalogueOf((await app.inject({ method: 'GET', url: '/browse?category=shoes' })).body);
    expect(browse.attributes).toContain('data-namespaces="some"');
    expect(browse.namespaces).toEqual(expect.arrayContaining(['common', 'layout', 'browse', 'items']));
    expect(browse.namespaces).not.toContain('trades');
    const landing = catalogueOf((await app.inject({ method: 'GET', url: '/' })).body);
    expect(landing.namespaces).toContain('home');
    expect(landing.namespaces).not.toContain('browse');
    const shared = catalogueOf((await app.inject({ method: 'GET', url: '/browse?highlight=abc' })).body);
    expect(shared.namespaces).toContain('trades');
    const profile = catalogueOf((await app.inject({ method: 'GET', url: '/profile' })).body);
    expect(profile.attributes).not.toContain('data-namespaces');
    expect(profile.namespaces).toEqual(expect.arrayContaining(['common', 'trades', 'users', 'rings']));
  });

  it("serves a reader who chose nothing the community's default language when their browser lists it", async () => {
    const page = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/help', headers });
    const lang = async (headers: Record<string, string>) =>
      /<html lang="(\w+)">/.exec((await page(headers)).body)?.[1];
    // An English community: a French browser that also reads English gets English.
    expect(await lang({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).toBe('en');
    await database.db.update(communitySettings).set({ language: 'fr' });
    try {
      expect(await lang({ 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' })).toBe('fr');
      expect(await lang({ 'accept-language': 'de-DE,de;q=0.9' })).toBe('fr');
      expect(await lang({})).toBe('fr');
      // A browser that names only English gets English; the visitor's own choice (cookie) wins.
      expect(await lang({ 'accept-language': 'en-US,en;q=0.9' })).toBe('en');
      expect(await lang({ 'accept-language': 'fr', cookie: 'lang=en' })).toBe('en');
      expect((await page({})).body).toContain('data-locale="fr"');
    } finally {
      await database.db.update(communitySettings).set({ language: 'en' });
    }
  });

  it('prefers the lang cookie of the footer picker to Accept-Language', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/browse',
      headers: { 'accept-language': 'en-US', cookie: 'lang=fr' },
    });
    expect(page.body).toContain('<html lang="fr">');
  });

  it('serves English for a hostile or unknown language choice', async () => {
    for (const headers of [
      { 'accept-language': `${'x'.repeat(100_000)},fr;q=abc` },
      { cookie: 'lang=%00%3Cscript%3E' },
      { 'accept-language': '*;q=1, fr;q=0' },
    ]) {
      const page = await app.inject({ method: 'GET', url: '/', headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="en">');
    }
  });

  it('answers a missing asset with 404, not the page', async () => {
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
  });
});
