/**
 * Rules of the List Item form that the browser checks before anything is sent, mirroring the
 * API contract (src/common/api/items.ts, images.ts) so that the person sees the problem at once.
 */
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../api/images';
import { MAX_TAG_LENGTH, MAX_TAGS } from './limits';

export const MIN_ITEM_PHOTOS = 1;

const TYPE_NAMES: Record<(typeof ACCEPTED_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/gif': 'GIF',
};

/** "JPEG, PNG, WebP, AVIF or GIF". */
export const ACCEPTED_IMAGE_NAMES = (() => {
  const names = Object.values(TYPE_NAMES);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
})();

/** The `accept` attribute of the file picker. */
export const ACCEPTED_IMAGE_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');

/** Why a chosen file cannot be uploaded, or null when it can. */
export function photoFileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a supported image. Use ${ACCEPTED_IMAGE_NAMES}.`;
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return `${file.name} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/**
 * Tags typed as free text: split on commas (and '#'), trimmed, lower-cased, de-duplicated,
 * each clipped to the API's 30 characters.
 */
export function parseTags(input: string): string[] {
  const tags = input
    .split(/[,#]/)
    .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, MAX_TAG_LENGTH).trim())
    .filter(Boolean);
  return [...new Set(tags)];
}

/** Adds tags typed into the chip input to the existing ones, keeping order and the 20-tag limit. */
export function addTags(existing: readonly string[], input: string): string[] {
  return [...new Set([...existing, ...parseTags(input)])].slice(0, MAX_TAGS);
}

/** Moves an entry of a list from one index to another (photo reordering). */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
