import { availableParallelism } from 'node:os';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { images, users } from '../../db/schema';
import { badRequest, httpError } from '../../lib/errors';
import { createSemaphore } from '../../lib/semaphore';
import type { ServiceContext } from '../../lib/service-context';

const FULL_WIDTH = 1200;
const THUMB_WIDTH = 400;
/** Profile photos are square: 512 px (served as the full size) and 256 px (the thumbnail). */
const AVATAR_WIDTHS = [512, 256] as const;

/** What an upload becomes: a listing's photo (its own proportions) or a square profile photo. */
export type ImageShape = 'photo' | 'avatar';
/** Decompression-bomb guard: images of more than 24 megapixels are refused before decoding. */
export const MAX_INPUT_PIXELS = 24_000_000;
/**
 * The longest side an upload may have. Decoding costs time per row as well as per pixel: a 45 KB
 * PNG of 1 × 23,000,000 pixels is under the pixel limit yet took 14 s to decode. 10,000 px is far
 * beyond any camera's photo of a garment (a 24-megapixel photo is 6,000 × 4,000).
 */
export const MAX_SIDE = 10_000;
/**
 * The most one side may exceed the other (20:1). Photos are shown at most 1:2 (1200 × 2400); even a
 * phone's panorama is about 8:1, while a strip of pixels is no photo of anything for sale.
 */
export const MAX_ASPECT_RATIO = 20;
/**
 * How long libvips may work on one image (sharp's `timeout`, counted from the moment it opens the
 * input, not while the image waits for its turn). Generous for a photo within the limits above, even
 * on a busy machine; an image built to be slow to decode within those limits is stopped here.
 */
export const IMAGE_TIMEOUT_SECONDS = 20;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

/**
 * Image work is capped at one image per core in this process: each decode runs on one libvips
 * thread, and no more images than cores are worked on at once, so that uploads cannot starve
 * requests of CPU. Each member has at most one image in work at a time and members take turns for
 * the slots, so that one member's burst of uploads does not hold up anyone else's.
 */
const cores = Math.max(1, availableParallelism());
sharp.concurrency(1);
const imageWork = createSemaphore(cores);

/** Reads the upload's header only: a clear 400 when it is no accepted image or its size is out of bounds. */
async function checkHeader(input: Buffer): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw badRequest('images.not_an_image');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw badRequest('images.not_an_image');
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width > MAX_SIDE || height > MAX_SIDE) throw badRequest('images.side_too_long');
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height))
    throw badRequest('images.too_elongated');
  if (width * height * (metadata.pages ?? 1) > MAX_INPUT_PIXELS) throw badRequest('images.too_many_pixels');
}

/**
 * Decodes the upload once (which proves it is an image), orients it, and re-encodes it to WebP at
 * two widths from that one decode. The header is read first: an image too large or too elongated is
 * refused without decoding anything. sharp writes no metadata unless asked, so EXIF and GPS data are
 * dropped. `owner` (a member's id) takes its turn with other owners' images; without one, the image
 * waits only for a free slot.
 */
export async function processImage(input: Buffer, shape: ImageShape = 'photo', owner?: string) {
  await checkHeader(input);
  return imageWork(async () => {
    const decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
      .rotate();
    const render = (width: number) =>
      decoded
        .clone()
        .resize(
          shape === 'avatar'
            ? // Cropped to a square around the most interesting part (a face, usually); small
              // photos are enlarged so that every avatar has the same size.
              { width, height: width, fit: 'cover', position: sharp.strategy.attention }
            : { width, height: width * 2, fit: 'inside', withoutEnlargement: true },
        )
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
    const [fullWidth, thumbWidth] = shape === 'avatar' ? AVATAR_WIDTHS : [FULL_WIDTH, THUMB_WIDTH];
    try {
      const [full, thumb] = await Promise.all([render(fullWidth), render(thumbWidth)]);
      return { full: full.data, thumb: thumb.data, width: full.info.width, height: full.info.height };
    } catch (error) {
      // libvips names the stop its timeout causes "timeout: N% complete".
      if (error instanceof Error && error.message.startsWith('timeout'))
        throw httpError(422, 'images.took_too_long');
      throw badRequest('images.not_an_image');
    }
  }, owner);
}

export const imageUrl = (id: string) => `/images/${id}`;

/** Bytes stored for a member's photos, both sizes. */
const storedBytes = sql<number>`coalesce(sum(octet_length(${images.full}) + octet_length(${images.thumb})), 0)::bigint`;

/**
 * Stores a member's upload within their quota (`quotaBytes`). The check and the insert hold a lock
 * on the member's uploads, so that concurrent uploads cannot each see room for themselves.
 */
export async function storeImage(
  ctx: ServiceContext,
  memberId: string,
  input: Buffer,
  { quotaBytes, shape = 'photo' }: { quotaBytes: number; shape?: ImageShape },
) {
  const full = () =>
    httpError(413, 'images.quota_full', { megabytes: Math.round(quotaBytes / (1024 * 1024)) });
  const [before] = await ctx.db.select({ used: storedBytes }).from(images).where(eq(images.userId, memberId));
  if (Number(before?.used ?? 0) >= quotaBytes) throw full();
  const processed = await processImage(input, shape, memberId);
  const size = processed.full.length + processed.thumb.length;
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`images:${memberId}`}))`);
    const [usage] = await tx.select({ used: storedBytes }).from(images).where(eq(images.userId, memberId));
    if (Number(usage?.used ?? 0) + size > quotaBytes) throw full();
    const [inserted] = await tx
      .insert(images)
      .values({ userId: memberId, ...processed })
      .returning({ id: images.id });
    return inserted;
  });
  if (!row) throw new Error('image insert returned nothing');
  return { id: row.id, url: imageUrl(row.id) };
}

/** A photo's bytes; a deleted member's photos are no longer served. */
export async function loadImage(ctx: ServiceContext, id: string, width: 400 | 1200) {
  const column = width === THUMB_WIDTH ? images.thumb : images.full;
  // A deleted member's photos are no longer served.
  const read = async () =>
    (
      await ctx.db
        .select({ data: column })
        .from(images)
        .leftJoin(users, eq(users.id, images.userId))
        .where(and(eq(images.id, id), isNull(users.deletedAt)))
        .limit(1)
    )[0]?.data;
  const data = await read();
  if (data || !ctx.renderMissingImage || !(await ctx.renderMissingImage(id))) return data;
  return read();
}
