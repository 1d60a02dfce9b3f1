import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import sharp, { type OverlayOptions } from 'sharp';
import type { Color } from '../../../common/domain/taxonomy';
import { imageUrl, processImage } from '../../modules/images';
import type { Db } from '../connect';
import { images } from '../schema';
import { ART_HEIGHT, ART_WIDTH, type ArtShape, backdropSvg, garmentLayerSvg, shadowFor } from './garment-art';

/** One demo photo: a garment shape in a colour, shot from one of the camera variants. */
/** Which of these image ids are stored already (asked a thousand at a time). */
async function storedImageIds(db: Db, ids: string[]) {
  const present = new Set<string>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, ids.slice(start, start + 1000)));
    for (const row of rows) present.add(row.id);
  }
  return present;
}

export interface ArtKey {
  shape: ArtShape;
  color: Color;
  variant: number;
}

export const artKeyName = (key: ArtKey) => `${key.shape}/${key.color}/${key.variant}`;

interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

function sourcesOf(key: ArtKey) {
  return {
    backdrop: backdropSvg(key.variant, key.color),
    layer: garmentLayerSvg(key.shape, key.color, key.variant),
    shadow: shadowFor(key.variant),
  };
}

/** A hash of what is drawn, so that changing the artwork yields new image ids and cache files. */
function contentHash(key: ArtKey) {
  return createHash('sha256')
    .update(JSON.stringify(sourcesOf(key)))
    .digest('hex');
}

/**
 * The image id is derived from the drawing (a UUIDv8 shape), so every database holds each pool
 * photo at most once, and a later seed run (or the scale seed) reuses what an earlier run stored.
 */
function artImageId(key: ArtKey) {
  const hex = contentHash(key).slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

const rgb = { raw: { width: ART_WIDTH, height: ART_HEIGHT, channels: 3 as const } };
const rgba = { raw: { width: ART_WIDTH, height: ART_HEIGHT, channels: 4 as const } };
const gray = { raw: { width: ART_WIDTH, height: ART_HEIGHT, channels: 1 as const } };

/** Full-canvas gradients are the slowest thing to rasterise, and there are only a few backdrops. */
const backdrops = new Map<string, Promise<Buffer>>();
function backdropPixels(svg: string) {
  let pixels = backdrops.get(svg);
  if (!pixels) {
    pixels = sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    backdrops.set(svg, pixels);
  }
  return pixels;
}

/** Moves a one-channel image right by dx and down by dy, filling with zero. */
function shifted(channel: Buffer, dx: number, dy: number) {
  const out = Buffer.alloc(channel.length);
  for (let y = dy; y < ART_HEIGHT; y += 1) {
    const from = (y - dy) * ART_WIDTH;
    channel.copy(out, y * ART_WIDTH + dx, from, from + ART_WIDTH - dx);
  }
  return out;
}

/** The photo as PNG: backdrop, then (for a flat lay) a shadow cast from the garment's silhouette, then the garment. */
async function renderArtPhoto(key: ArtKey): Promise<Buffer> {
  const sources = sourcesOf(key);
  const [backdrop, garment] = await Promise.all([
    backdropPixels(sources.backdrop),
    sharp(Buffer.from(sources.layer)).ensureAlpha().raw().toBuffer(),
  ]);
  const layers: OverlayOptions[] = [];
  if (sources.shadow) {
    const { dx, dy, blur, opacity } = sources.shadow;
    const silhouette = await sharp(garment, rgba).extractChannel(3).raw().toBuffer();
    const softened = await sharp(shifted(silhouette, dx, dy), gray)
      .blur(blur)
      .linear(opacity, 0)
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    // A black layer whose opacity is the blurred silhouette.
    const shadow = Buffer.alloc(ART_WIDTH * ART_HEIGHT * 4);
    for (let pixel = 0; pixel < softened.length; pixel += 1) shadow[pixel * 4 + 3] = softened[pixel] ?? 0;
    layers.push({ input: shadow, ...rgba });
  }
  layers.push({ input: garment, ...rgba });
  return sharp(backdrop, rgb)
    .composite(layers)
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * Rendered photos are kept on disk by content hash: the test suite and repeated demo starts then
 * pay the rendering cost once per machine. Processes that seed at the same time (parallel test
 * files) split the work: each claims a photo with a lock file before rendering it, and picks up
 * the photos that others claimed from the cache afterwards. A cache that cannot be written is
 * simply skipped.
 */
const cacheDir = join(tmpdir(), 'threadswap-seed-art');
/** A claim older than this belongs to a process that died; rendering one photo takes well under a second. */
const STALE_CLAIM_MS = 60_000;
const cachePath = (hash: string, suffix: string) => join(cacheDir, `${hash}.${suffix}`);

async function readCached(hash: string): Promise<ProcessedImage | undefined> {
  try {
    const [full, thumb] = await Promise.all([
      readFile(cachePath(hash, 'full.webp')),
      readFile(cachePath(hash, 'thumb.webp')),
    ]);
    const meta = await sharp(full).metadata();
    if (!meta.width || !meta.height) return undefined;
    return { full, thumb, width: meta.width, height: meta.height };
  } catch {
    return undefined;
  }
}

async function writeCached(hash: string, image: ProcessedImage) {
  try {
    await mkdir(cacheDir, { recursive: true });
    // Write then rename, so that a parallel process never reads half a file; thumb first, since
    // readers look for both and the full image is the one they wait on.
    for (const [suffix, data] of [
      ['thumb.webp', image.thumb],
      ['full.webp', image.full],
    ] as const) {
      const temporary = cachePath(hash, `${suffix}.${process.pid}.tmp`);
      await writeFile(temporary, data);
      await rename(temporary, cachePath(hash, suffix));
    }
  } catch {
    // The cache only saves time.
  }
}

/** True when this process may render the photo: nobody else claimed it, or their claim is stale. */
async function claim(hash: string): Promise<boolean> {
  const lock = cachePath(hash, 'lock');
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return true;
    const claimed = await stat(lock).catch(() => undefined);
    if (claimed && Date.now() - claimed.mtimeMs < STALE_CLAIM_MS) return false;
    await writeFile(lock, String(process.pid)).catch(() => undefined);
    return true;
  }
}

async function render(key: ArtKey, hash: string) {
  try {
    const image = await processImage(await renderArtPhoto(key));
    await writeCached(hash, image);
    return image;
  } finally {
    await unlink(cachePath(hash, 'lock')).catch(() => undefined);
  }
}

/** Waits for the process that claimed the photo; renders it here if that process gives up. */
async function waitForOther(key: ArtKey, hash: string) {
  for (let waited = 0; waited < STALE_CLAIM_MS; waited += 100) {
    const cached = await readCached(hash);
    if (cached) return cached;
    if (!(await stat(cachePath(hash, 'lock')).catch(() => undefined))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (await readCached(hash)) ?? render(key, hash);
}

const processed = new Map<string, ProcessedImage>();

/**
 * The photo as stored for uploads (sharp's WebP at 1200 px and 400 px, via the images module).
 * With `wait` false it answers undefined instead of waiting for another process rendering it.
 */
async function artPhoto(key: ArtKey, wait: boolean): Promise<ProcessedImage | undefined> {
  const hash = contentHash(key);
  let image = processed.get(hash) ?? (await readCached(hash));
  if (!image) {
    if (await claim(hash)) image = await render(key, hash);
    else if (wait) image = await waitForOther(key, hash);
    else return undefined;
  }
  processed.set(hash, image);
  return image;
}

async function inParallel<T>(list: readonly T[], limit: number, work: (entry: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const entry = list[next] as T;
      next += 1;
      await work(entry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}

export interface EnsureArtOptions {
  onProgress?: (done: number, total: number) => void;
}

/**
 * Makes sure every photo in `keys` is stored in `images` (shared: no owner) and answers the
 * `/images/{id}` URL for each key name. Photos already stored are neither rendered nor inserted.
 */
export async function ensureArtImages(db: Db, keys: readonly ArtKey[], options: EnsureArtOptions = {}) {
  const wanted = new Map<string, { key: ArtKey; id: string }>();
  for (const key of keys) {
    const name = artKeyName(key);
    if (!wanted.has(name)) wanted.set(name, { key, id: artImageId(key) });
  }
  const ids = [...wanted.values()].map((entry) => entry.id);
  const present = await storedImageIds(db, ids);
  const missing = [...wanted.values()].filter((entry) => !present.has(entry.id));
  const ready: Array<{ id: string } & ProcessedImage> = [];
  const claimedElsewhere: typeof missing = [];
  const collect = (id: string, image: ProcessedImage) => {
    ready.push({ id, ...image });
    options.onProgress?.(ready.length, missing.length);
  };
  // Two at a time per core keeps both the SVG rasteriser and the WebP encoder busy.
  const workers = Math.max(2, availableParallelism());
  await inParallel(missing, workers, async (entry) => {
    const image = await artPhoto(entry.key, false);
    if (image) collect(entry.id, image);
    else claimedElsewhere.push(entry);
  });
  await inParallel(claimedElsewhere, workers, async (entry) => {
    const image = await artPhoto(entry.key, true);
    if (image) collect(entry.id, image);
  });
  for (let start = 0; start < ready.length; start += 25) {
    const batch = ready.slice(start, start + 25).map((image) => ({ ...image, userId: null }));
    await db.insert(images).values(batch).onConflictDoNothing();
  }
  return new Map([...wanted].map(([name, entry]) => [name, imageUrl(entry.id)]));
}

/** The `/images/{id}` URL of each photo in `keys`, by `artKeyName`, without rendering or storing anything. */
export function artImageUrls(keys: readonly ArtKey[]) {
  return new Map(keys.map((key) => [artKeyName(key), imageUrl(artImageId(key))]));
}

/** Photos of the pool rendered when first asked for, instead of before the server starts. */
export interface OnDemandArt {
  /**
   * Renders and stores the pool photo with this image id unless it is stored already; answers
   * false for an id that is not one of the pool's. Concurrent calls for one id share one render.
   */
  ensure(id: string): Promise<boolean>;
  /** Renders and stores every pool photo not stored yet, one at a time; answers how many it stored. */
  fillAll(): Promise<number>;
}

export function onDemandArtImages(db: Db, keys: readonly ArtKey[]): OnDemandArt {
  const byId = new Map(keys.map((key) => [artImageId(key), key]));
  const inFlight = new Map<string, Promise<boolean>>();
  const stored = new Set<string>();
  const ensure = (id: string) => {
    const key = byId.get(id);
    if (!key) return Promise.resolve(false);
    if (stored.has(id)) return Promise.resolve(true);
    let pending = inFlight.get(id);
    if (!pending) {
      pending = (async () => {
        const image = await artPhoto(key, true);
        if (!image) return false;
        await db
          .insert(images)
          .values({ id, ...image, userId: null })
          .onConflictDoNothing();
        stored.add(id);
        return true;
      })().finally(() => inFlight.delete(id));
      inFlight.set(id, pending);
    }
    return pending;
  };
  return {
    ensure,
    async fillAll() {
      const ids = [...byId.keys()];
      const present = await storedImageIds(db, ids);
      let rendered = 0;
      for (const id of ids) {
        if (present.has(id)) {
          stored.add(id);
          continue;
        }
        if (!stored.has(id) && (await ensure(id))) rendered += 1;
      }
      return rendered;
    },
  };
}
