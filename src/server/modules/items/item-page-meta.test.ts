import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summary } from '../../lib/page-meta';
import { listItem } from '../../test-support/fixtures';
import { testConfig, useTestApp } from '../../test-support/test-app';

const dir = mkdtempSync(join(tmpdir(), 'threadswap-meta-'));
writeFileSync(
  join(dir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="Site" /><title>Threadswap</title></head><body></body></html>',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ clientDir: dir });
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

describe("an item's shareable address carries its link preview", () => {
  it('writes the title, description and Open Graph tags, escaped', async () => {
    const owner = await t.member();
    const item = await listItem(owner, {
      title: 'Rain coat "Oslo" <b>',
      brand: 'Rains',
      size: 'M',
      description: 'Waterproof & warm.',
    });
    const page = await t.visitor().get(`/browse?highlight=${item.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<title>Rain coat &quot;Oslo&quot; &lt;b&gt; · Threadswap</title>');
    expect(html).not.toContain('<b>');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`${testConfig.mail.appUrl}/browse?highlight=${item.id}`);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${testConfig.mail.appUrl}/images/`));
    expect(meta(html, 'og:description')).toContain('Rains · size M · ');
    expect(meta(html, 'og:description')).toContain('Waterproof &amp; warm.');
    expect(html).toMatch(/<meta name="description" content="Rains · size M/);
  });

  it('keeps the site card for unknown, malformed and unlisted ids', async () => {
    const owner = await t.member();
    const item = await listItem(owner);
    await owner.delete(`/api/items/${item.id}`);
    for (const id of [item.id, 'not-a-uuid', "' or 1=1 --", '00000000-0000-4000-8000-000000000000']) {
      const page = await t.visitor().get(`/browse?highlight=${encodeURIComponent(id)}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Threadswap</title>');
      expect(page.body).not.toContain('og:title');
    }
  });

  it('cuts long descriptions at a word', () => {
    expect(summary('word '.repeat(100), 40)).toMatch(/^(word ){6}word…$/);
    expect(summary('short', 40)).toBe('short');
  });
});
