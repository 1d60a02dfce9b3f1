import { count, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app';
import { queryRows } from '../connect';
import { images } from '../schema';
import { onDemandArtPool, seedDemo } from './index';
import { artPoolUrls, ensureArtPool } from './items';

// The server's first start seeds with photos on demand (main.ts): it must not wait for the renders,
// and every photo an item shows must still be served, exactly as the eager seed stores it.
const t = useTestApp({
  resetBetweenTests: false,
  renderMissingImage: (db) => onDemandArtPool(db).ensure,
});

const storedImages = async () => (await t.db.select({ value: count() }).from(images))[0]?.value ?? 0;
const poolUrls = [...artPoolUrls().values()];

describe('the demo seed with photos on demand', () => {
  it('stores no photo, yet every item points at pool photos', async () => {
    await t.ready();
    expect(await seedDemo(t.db, () => undefined, { photos: 'on-demand' })).toBe(true);
    expect(await storedImages()).toBe(0);
    const rows = await queryRows<{ url: string }>(
      t.db,
      sql`select distinct unnest(images) as url from items`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(poolUrls).toContain(row.url);
  }, 120_000);

  it('renders a pool photo on its first request, then serves it stored', async () => {
    const url = poolUrls[0] as string;
    const [thumb, again] = await Promise.all([
      t.visitor().get(`${url}?w=400`),
      t.visitor().get(`${url}?w=400`),
    ]);
    for (const response of [thumb, again]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
    expect(await storedImages()).toBe(1);
    const full = await t.visitor().get(url);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1200);
  }, 60_000);

  it('answers 404 for an id that is neither stored nor a pool photo', async () => {
    const response = await t.visitor().get('/images/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(await storedImages()).toBe(1);
  });

  it('fills in the rest in the background, the same photos the eager seed stores', async () => {
    const rendered = await onDemandArtPool(t.db).fillAll();
    expect(rendered).toBe(poolUrls.length - 1);
    expect(await storedImages()).toBe(poolUrls.length);
    // The eager path finds every photo already stored, under the same URLs.
    expect([...(await ensureArtPool(t.db)).values()]).toEqual(poolUrls);
    expect(await storedImages()).toBe(poolUrls.length);
    expect(await onDemandArtPool(t.db).fillAll()).toBe(0);
  }, 180_000);
});
