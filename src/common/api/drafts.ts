import { z } from 'zod';
import { DRAFT_TTL_DAYS, MAX_DRAFTS, MAX_ITEM_PHOTOS } from '../domain/limits';
import { IMAGE_URL_PATTERN } from './images';
import { item, itemInput } from './items';

export { DRAFT_TTL_DAYS, MAX_DRAFTS };
export const DRAFT_TTL_MS = DRAFT_TTL_DAYS * 24 * 60 * 60 * 1000;
export const TOO_MANY_DRAFTS_MESSAGE = `You can keep at most ${MAX_DRAFTS} drafts. Publish or delete one before saving another.`;
export const EMPTY_DRAFT_MESSAGE = 'Add a photo or fill in a field before saving a draft';

/**
 * A draft as the member saves it: any of the listing's fields, each present one checked by the same
 * rule as `POST /api/items` (itemInput). A draft may have no photo yet, so `images` may be empty.
 * `PUT` replaces the whole draft: a field left out is no longer in it.
 */
export const draftInput = itemInput
  .partial()
  .extend({
    images: z
      .array(
        z.string().regex(IMAGE_URL_PATTERN, { message: 'Photos must be URLs returned by /api/images' }),
        { message: 'Photos must be a list of URLs returned by /api/images' },
      )
      .max(MAX_ITEM_PHOTOS, { message: `Add at most ${MAX_ITEM_PHOTOS} photos` })
      .optional(),
  })
  .strict();
export type DraftInput = z.input<typeof draftInput>;

/** `POST /api/drafts/:id/publish`: the form's latest fields (may be none), laid over the saved draft. */
export const draftPublishInput = draftInput.nullish();

/** The item fields a draft keeps, in their stored (canonical) form; photos are apart. */
export const draftFields = item
  .pick({
    title: true,
    description: true,
    category: true,
    gender: true,
    style: true,
    subcategory: true,
    condition: true,
    brand: true,
    size: true,
    estimatedValue: true,
    tags: true,
    colors: true,
    seasons: true,
    location: true,
    directSwapsOnly: true,
    isGiveaway: true,
  })
  .partial();
export type DraftFields = z.infer<typeof draftFields>;

export const draft = z.object({
  id: z.string(),
  fields: draftFields,
  images: z.array(z.string()),
  createdAt: z.string(),
  /** Last saved. */
  updatedAt: z.string(),
  /** When the draft is deleted unless saved again before. */
  expiresAt: z.string(),
});
export type Draft = z.infer<typeof draft>;
export const draftList = z.array(draft);
