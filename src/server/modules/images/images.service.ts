import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { images } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';

const FULL_WIDTH = 1200;
const THUMB_WIDTH = 400;
/** Decompression-bomb guard: refuse images of more than 40 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

export const NOT_AN_IMAGE = 'The file is not a supported image (JPEG, PNG, WebP, AVIF or GIF)';

/**
 * Decodes the upload (which proves it is an image), orients it, and re-encodes it to WebP at two
 * widths. sharp writes no metadata unless asked, so EXIF and GPS data are dropped.
 */
export async function processImage(input: Buffer) {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(NOT_AN_IMAGE);
  const render = (width: number) =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, height: width * 2, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
  try {
    const [full, thumb] = await Promise.all([render(FULL_WIDTH), render(THUMB_WIDTH)]);
    return { full: full.data, thumb: thumb.data, width: full.info.width, height: full.info.height };
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
}

export const imageUrl = (id: string) => `/images/${id}`;

export async function storeImage(ctx: ServiceContext, memberId: string | null, input: Buffer) {
  const processed = await processImage(input);
  const [row] = await ctx.db
    .insert(images)
    .values({ userId: memberId, ...processed })
    .returning({ id: images.id });
  if (!row) throw new Error('image insert returned nothing');
  return { id: row.id, url: imageUrl(row.id) };
}

export async function loadImage(ctx: ServiceContext, id: string, width: 400 | 1200) {
  const column = width === THUMB_WIDTH ? images.thumb : images.full;
  const read = async () =>
    (await ctx.db.select({ data: column }).from(images).where(eq(images.id, id)).limit(1))[0]?.data;
  const data = await read();
  if (data || !ctx.renderMissingImage || !(await ctx.renderMissingImage(id))) return data;
  return read();
}
