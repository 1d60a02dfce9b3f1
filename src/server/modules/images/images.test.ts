import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorCode } from '../../../common/api/errors';
import { images, tradeDisputes, users } from '../../db/schema';
import { buildTrade } from '../../test-support/builders';
import { listItem, multipart, pngImage, uploadImage } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';
import { storeImage } from './images.service';
import { sweepUnattachedImages } from './images.sweep';

const t = useTestApp();

/** Every route that takes an image as multipart/form-data. */
const UPLOAD_ROUTES = [
  ['POST', '/api/images'],
  ['PUT', '/api/users/profile/photo'],
] as const;

describe('POST /api/images', () => {
  it('refuses a visitor with 401', async () => {
    const { payload, headers } = multipart(await pngImage());
    const response = await t.visitor().post('/api/images', payload, headers);
    expect(response.statusCode).toBe(401);
  });

  it('re-encodes an upload to WebP at 1200 px and a 400 px thumbnail, without metadata', async () => {
    const member = await t.member();
    const big = await sharp({ create: { width: 2400, height: 3000, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    const { payload, headers } = multipart(big, 'file', 'photo.jpg', 'image/jpeg');
    const response = await member.post('/api/images', payload, headers);
    expect(response.statusCode).toBe(201);
    const { id, url } = response.json();
    expect(url).toBe(`/images/${id}`);

    const full = await t.visitor().get(url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.headers.etag).toBe(`"${id}-1200"`);
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect(fullMeta).toMatchObject({ format: 'webp', width: 1200, height: 1500 });
    expect(fullMeta.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);

    const thumb = await t.visitor().get(`${url}?w=400`);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
    expect(thumb.headers.etag).toBe(`"${id}-400"`);

    const revalidate = await t.visitor().get(url, { 'if-none-match': `"${id}-1200"` });
    expect(revalidate.statusCode).toBe(304);
  });

  it.each(['png', 'webp', 'gif', 'avif'] as const)('accepts %s', async (format) => {
    const member = await t.member();
    const file = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#aa3355' } })
      .toFormat(format)
      .toBuffer();
    const { payload, headers } = multipart(file, 'file', `photo.${format}`, `image/${format}`);
    expect((await member.post('/api/images', payload, headers)).statusCode).toBe(201);
  });

  it('refuses a file that is not an image, whatever its declared type', async () => {
    const member = await t.member();
    const { payload, headers } = multipart(
      Buffer.from('%PDF-1.4 not really an image'),
      'file',
      'x.png',
      'image/png',
    );
    const response = await member.post('/api/images', payload, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file is not a supported image (JPEG, PNG, WebP, AVIF or GIF)');
  });

  it('refuses an SVG (not an accepted format)', async () => {
    const member = await t.member();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const { payload, headers } = multipart(svg, 'file', 'x.svg', 'image/svg+xml');
    expect((await member.post('/api/images', payload, headers)).statusCode).toBe(400);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const member = await t.member();
    const { payload, headers } = multipart(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    const response = await member.post('/api/images', payload, headers);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The image is larger than 10 MB');
  });

  it('refuses a JSON body and a wrong field name with 400', async () => {
    const member = await t.member();
    expect((await member.post('/api/images', { file: 'x' })).statusCode).toBe(400);
    const { payload, headers } = multipart(await pngImage(), 'photo');
    expect((await member.post('/api/images', payload, headers)).statusCode).toBe(400);
  });
});

describe('malformed multipart uploads', () => {
  it('answers 400 or 413 with a clear message on every upload route, and stores nothing', async () => {
    const member = await t.member();
    const valid = multipart(await pngImage());
    const type = valid.headers['content-type'];
    const boundary = type.split('boundary=')[1] ?? '';
    const header = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const oversize = multipart(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    const twoFiles = Buffer.concat([
      valid.payload.subarray(0, valid.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(`${header}x\r\n--${boundary}--\r\n`),
    ]);
    const noParts = Buffer.alloc(11 * 1024 * 1024, 'a');
    // Each case's body is made afresh for each route: a stream is read once.
    const cases: Array<[string, string, () => Buffer | Readable, number, ErrorCode]> = [
      ['no boundary', 'multipart/form-data', () => valid.payload, 400, 'images.no_boundary'],
      [
        'a part cut short',
        type,
        () => valid.payload.subarray(0, valid.payload.length - 40),
        400,
        'images.malformed_upload',
      ],
      [
        'a part header cut short',
        type,
        () => Buffer.from(header.slice(0, 60)),
        400,
        'images.malformed_upload',
      ],
      ['11 MB with no parts', type, () => noParts, 413, 'images.upload_too_large'],
      // Sent chunked: no Content-Length to refuse it by, so its bytes are counted as they arrive.
      ['11 MB with no parts, chunked', type, () => Readable.from([noParts]), 413, 'images.upload_too_large'],
      [
        'a file over 10 MB',
        oversize.headers['content-type'],
        () => oversize.payload,
        413,
        'images.too_large',
      ],
      ['two files', type, () => twoFiles, 413, 'images.one_image'],
    ];
    for (const [method, url] of UPLOAD_ROUTES) {
      for (const [name, contentType, body, status, code] of cases) {
        const response = await member.request({
          method,
          url,
          payload: body(),
          headers: { 'content-type': contentType },
        });
        expect(response.statusCode, `${name}: ${method} ${url}`).toBe(status);
        expect(response.json().code, `${name}: ${method} ${url}`).toBe(code);
      }
    }
    const [stored] = await t.db.select({ count: sql<number>`count(*)::int` }).from(images);
    expect(stored?.count).toBe(0);
    // The same route still takes a well-formed upload afterwards.
    expect((await member.post('/api/images', valid.payload, valid.headers)).statusCode).toBe(201);
  });
});

describe('GET /images/:id', () => {
  it('answers 404 for an unknown image and 400 for a malformed id', async () => {
    const missing = await t.visitor().get('/images/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    expect((await t.visitor().get('/images/not-an-id')).statusCode).toBe(400);
    const member = await t.member();
    const { payload, headers } = multipart(await pngImage());
    const { url } = (await member.post('/api/images', payload, headers)).json();
    expect((await t.visitor().get(`${url}?w=123`)).statusCode).toBe(400);
  });
});

describe('upload limits', () => {
  it('refuses an image above 24 megapixels from its header, before decoding it', async () => {
    const member = await t.member();
    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart(huge);
    const response = await member.post('/api/images', payload, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'images.too_many_pixels',
      message: 'The image is larger than 24 megapixels; please send a smaller one',
    });
    const { payload: fits, headers: fitsHeaders } = multipart(await pngImage(4800, 5000));
    expect((await member.post('/api/images', fits, fitsHeaders)).statusCode).toBe(201);
  });

  it('refuses the 45 KB PNG of 1 × 23,000,000 pixels from its header, and any side over 10,000 px', async () => {
    const member = await t.member();
    // Under 24 megapixels, so the pixel limit let it through, and 14 s of decoding followed.
    const strip = await sharp({ create: { width: 1, height: 23_000_000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(strip.length).toBeLessThan(200 * 1024);
    for (const [method, url] of UPLOAD_ROUTES) {
      const { payload, headers } = multipart(strip);
      const response = await member.request({ method, url, payload, headers });
      // The header check's own message: refused before any decoding.
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe('images.side_too_long');
    }
    const wide = await pngImage(10_001, 600);
    const { payload, headers } = multipart(wide);
    expect((await member.post('/api/images', payload, headers)).json().code).toBe('images.side_too_long');
    // Drawing the strip takes sharp a while (row by row); refusing it does not.
  }, 120_000);

  it('refuses an image more than 20 times longer on one side than on the other, and takes 20:1', async () => {
    const member = await t.member();
    for (const [width, height] of [
      [300, 8000],
      [8000, 300],
      [1, 100],
    ] as const) {
      for (const [method, url] of UPLOAD_ROUTES) {
        const { payload, headers } = multipart(await pngImage(width, height));
        const response = await member.request({ method, url, payload, headers });
        expect(response.statusCode, `${width}×${height} ${url}`).toBe(400);
        expect(response.json().code).toBe('images.too_elongated');
      }
    }
    const { payload, headers } = multipart(await pngImage(400, 8000));
    expect((await member.post('/api/images', payload, headers)).statusCode).toBe(201);
  });

  it('does not queue a member’s upload behind another member’s burst', async () => {
    const busy = await t.member();
    const other = await t.member();
    const heavy = await sharp({ create: { width: 2400, height: 3000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const answered: string[] = [];
    const upload = async (client: typeof busy, name: string, file: Buffer) => {
      const { payload, headers } = multipart(file, 'file', 'photo.jpg', 'image/jpeg');
      const response = await client.post('/api/images', payload, headers);
      expect(response.statusCode, name).toBe(201);
      answered.push(name);
    };
    // More uploads at once than twice the slots (one per core), so that first come first served
    // would put the other member's upload behind all but a few of them.
    const burstSize = 2 * availableParallelism() + 2;
    const burst = Promise.all(
      Array.from({ length: burstSize }, (_, index) => upload(busy, `burst ${index}`, heavy)),
    );
    // The whole burst has arrived and is being worked on once its first upload is answered.
    await vi.waitFor(() => expect(answered.length).toBeGreaterThan(0), { timeout: 60_000, interval: 10 });
    await upload(other, 'other', await pngImage());
    await burst;
    // The busy member has one image in work at a time, so the other member's upload waits at most
    // for that one (and it takes the next free slot, ahead of the rest of the burst).
    expect(answered.indexOf('other')).toBeLessThanOrEqual(3);
    expect(answered).toHaveLength(burstSize + 1);
  }, 120_000);

  it('keeps a member within their storage quota, also when uploads arrive together', async () => {
    const member = await t.member();
    const memberId = member.user?.id ?? '';
    const photo = await pngImage();
    const one = await storeImage(t.app.services, memberId, photo, { quotaBytes: 1024 * 1024 });
    const [row] = await t.db
      .select({ size: sql<number>`octet_length(${images.full}) + octet_length(${images.thumb})` })
      .from(images)
      .where(eq(images.id, one.id));
    const size = Number(row?.size);
    // Room for two more photos, and five arrive at once.
    const quotaBytes = size * 3;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => storeImage(t.app.services, memberId, photo, { quotaBytes })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    for (const result of results.filter((entry) => entry.status === 'rejected'))
      expect((result as PromiseRejectedResult).reason).toMatchObject({ statusCode: 413 });
    const [usage] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(images)
      .where(eq(images.userId, memberId));
    expect(usage?.count).toBe(3);
  });

  it('stops serving a deleted member’s photos', async () => {
    const member = await t.member({ password: 'secret-password' });
    const url = await uploadImage(member);
    expect((await t.visitor().get(url)).statusCode).toBe(200);
    const deleted = await member.request({
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'secret-password' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.visitor().get(url)).statusCode).toBe(404);
    expect((await t.visitor().get(`${url}?w=400`)).statusCode).toBe(404);
  });
});

describe('the unattached photo sweep', () => {
  it('deletes photos used by nothing once they are a day old, and keeps the rest', async () => {
    const member = await t.member();
    const dayOld = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const [listed, profile, abandoned, fresh] = await Promise.all([
      uploadImage(member),
      uploadImage(member),
      uploadImage(member),
      uploadImage(member),
    ]);
    const idOf = (url: string | undefined) => (url ?? '').replace('/images/', '');
    await listItem(member, { images: [listed ?? ''] });
    await t.db
      .update(users)
      .set({ profileImageUrl: profile ?? null })
      .where(eq(users.id, member.user?.id ?? ''));
    await t.db
      .update(images)
      .set({ createdAt: dayOld })
      .where(inArray(images.id, [listed, profile, abandoned].map(idOf)));
    expect(await sweepUnattachedImages(t.app.services)).toBe(1);
    const left = await t.db.select({ id: images.id }).from(images);
    expect(left.map((row) => row.id).sort()).toEqual([listed, profile, fresh].map(idOf).sort());
    expect(await sweepUnattachedImages(t.app.services)).toBe(0);
  });

  it('runs in the periodic sweep, and keeps the photos of a dispute', async () => {
    const { trade, requester } = await buildTrade(t, { status: 'disputed' });
    const [evidence, abandoned] = await Promise.all([uploadImage(requester), uploadImage(requester)]);
    const idOf = (url: string | undefined) => (url ?? '').replace('/images/', '');
    await t.db.insert(tradeDisputes).values({
      tradeRequestId: trade.id,
      openedById: requester.user?.id,
      againstId: trade.ownerId,
      reason: 'damaged',
      text: 'It arrived torn.',
      photoIds: [idOf(evidence)],
    });
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await t.app.sweep.run(later)).toContain('images.unattached');
    const left = await t.db.select({ id: images.id }).from(images);
    expect(left.map((row) => row.id)).toContain(idOf(evidence));
    expect(left.map((row) => row.id)).not.toContain(idOf(abandoned));
  });
});
