import { and, eq, isNull } from 'drizzle-orm';
import type { Condition, Gender, ItemCategory, Style, Subcategory } from '../../../common/domain/taxonomy';
import { isSubcategoryOf } from '../../../common/domain/taxonomy';
import { dealTerms, diffTerms } from '../../../common/domain/trade-terms';
import type { Db, Queryable, Tx } from '../../db/connect';
import { items } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import type { Effects } from '../../lib/domain-events';
import { ownedImageIds } from '../images';
import { inAcceptedTrade, lockItemsForUpdate } from '../trades';
import { getItem } from './items-read.service';

/** Photo URLs must be the member's own uploads, or photos the item already has. */
export async function checkPhotos(db: Queryable, memberId: string, urls: string[], existing: string[] = []) {
  const fresh = urls.filter((url) => !existing.includes(url));
  const ids = fresh.map((url) => url.slice('/images/'.length));
  const owned = await ownedImageIds(db, memberId, ids);
  const foreign = ids.find((id) => !owned.has(id));
  if (foreign) throw badRequest('items.foreign_photos');
  if (new Set(urls).size !== urls.length) throw badRequest('items.duplicate_photo');
}

export interface ItemFields {
  title: string;
  description: string;
  category: ItemCategory;
  gender: Gender;
  style?: Style | null;
  subcategory?: Subcategory | null;
  condition: Condition;
  brand: string | null;
  size: string | null;
  estimatedValue: number;
  images: string[];
  tags?: string[];
  colors?: string[];
  seasons?: string[];
  location: string | null;
  directSwapsOnly?: boolean;
  isGiveaway?: boolean;
}

const unique = <T>(list: T[] | undefined) => (list ? [...new Set(list)] : undefined);

/** A subcategory must sit under the item's category (docs/product.md § Taxonomy). */
export function checkSubcategory(category: ItemCategory, subcategory: Subcategory | null | undefined) {
  if (subcategory && !isSubcategoryOf(subcategory, category))
    throw badRequest('items.subcategory_mismatch', { subcategory, category });
}

export async function createItem(ctx: ServiceContext, memberId: string, input: ItemFields) {
  await checkListing(ctx.db, memberId, input);
  const id = await transact(ctx, (tx, effects) => insertListing(tx, effects, memberId, input));
  return getItem(ctx, memberId, id);
}

/**
 * The checks of a new listing beyond its schema: the subcategory fits, the photos are the member's.
 * `db` is the caller's transaction when there is one (PGlite has a single connection).
 */
export async function checkListing(db: Queryable, memberId: string, input: ItemFields) {
  checkSubcategory(input.category, input.subcategory);
  await checkPhotos(db, memberId, input.images);
}

/**
 * Lists a checked item inside the caller's transaction, with every side effect of a listing
 * (`item.listed`: wishlist and saved-search alerts, matches, the ring engine). The one path by which
 * both `POST /api/items` and publishing a draft create a listing.
 */
export async function insertListing(tx: Tx, effects: Effects, memberId: string, input: ItemFields) {
  const [created] = await tx
    .insert(items)
    .values({
      ...input,
      style: input.style ?? null,
      subcategory: input.subcategory ?? null,
      tags: unique(input.tags) ?? [],
      colors: unique(input.colors) ?? [],
      seasons: unique(input.seasons) ?? [],
      userId: memberId,
    })
    .returning({ id: items.id });
  if (!created) throw new Error('item insert returned nothing');
  await effects.emit('item.listed', { itemId: created.id, memberId });
  return created.id;
}

/** The item, if it exists, is not deleted, and belongs to the member; otherwise 404 or 403. */
async function requireOwnItem(db: Db, memberId: string, id: string) {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, id), isNull(items.deletedAt)))
    .limit(1);
  if (!row) throw notFound('items.not_found');
  if (row.userId !== memberId) throw forbidden('items.not_yours');
  return row;
}

/**
 * The member's own item, locked for the rest of the transaction; 404 or 403 otherwise. Trades lock
 * their items the same way before they change them, so what this transaction sees of the item's
 * trades holds until it commits.
 */
async function lockOwnItem(tx: Tx, memberId: string, id: string) {
  const [row] = await lockItemsForUpdate(tx, { ids: [id] });
  if (!row || row.deletedAt) throw notFound('items.not_found');
  if (row.userId !== memberId) throw forbidden('items.not_yours');
  return row;
}

export async function updateItem(
  ctx: ServiceContext,
  memberId: string,
  id: string,
  changes: Partial<ItemFields> & { isActive?: boolean },
) {
  const current = await requireOwnItem(ctx.db, memberId, id);
  if (changes.images) await checkPhotos(ctx.db, memberId, changes.images, current.images);
  await transact(ctx, async (tx, effects) => {
    const locked = await lockOwnItem(tx, memberId, id);
    if (locked.availability === 'traded') throw conflict('items.traded');
    if (changes.subcategory !== undefined)
      checkSubcategory(changes.category ?? locked.category, changes.subcategory);
    // A new category without a subcategory drops the old subcategory when it no longer fits.
    const subcategory =
      changes.subcategory === undefined &&
      changes.category &&
      locked.subcategory &&
      !isSubcategoryOf(locked.subcategory, changes.category)
        ? { subcategory: null }
        : {};
    const changedFields = diffTerms(dealTerms(locked), dealTerms({ ...locked, ...changes })).map(
      (change) => change.field,
    );
    const held =
      (changes.isActive === false || changedFields.length > 0) && (await inAcceptedTrade(tx, [id]));
    if (held && changedFields.length > 0) throw conflict('items.fixed_terms');
    if (held) throw conflict('items.reserved_unlist');
    // Held by moderators (moderation/holds.ts): the owner's choice waits for the hold to end.
    const moderated = locked.listedBeforeHold !== null;
    if (moderated && changes.isActive === true) throw conflict('items.held_by_moderators');
    const { isActive, ...fields } = changes;
    await tx
      .update(items)
      .set({
        ...fields,
        ...(isActive === undefined ? {} : moderated ? { listedBeforeHold: isActive } : { isActive }),
        ...subcategory,
        tags: unique(changes.tags),
        colors: unique(changes.colors),
        seasons: unique(changes.seasons),
        updatedAt: new Date(),
      })
      .where(eq(items.id, id));
    // Withdrawn first: it closes the pending requests, and a closed request needs no change notice.
    if (changes.isActive === false && !moderated)
      await effects.emit('item.withdrawn', { itemId: id, memberId, wasListed: locked.isActive });
    if (changedFields.length > 0)
      await effects.emit('item.terms-changed', { itemId: id, memberId, fields: changedFields });
    if (changes.isActive === true && !locked.isActive)
      await effects.emit('item.listed', { itemId: id, memberId });
  });
  return getItem(ctx, memberId, id);
}

/** Soft delete: the item leaves the marketplace; trades, favourites and history keep it. */
export async function deleteItem(ctx: ServiceContext, memberId: string, id: string) {
  await transact(ctx, async (tx, effects) => {
    const locked = await lockOwnItem(tx, memberId, id);
    if (await inAcceptedTrade(tx, [id])) {
      throw conflict('items.reserved_delete');
    }
    await tx
      .update(items)
      .set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(items.id, id));
    await effects.emit('item.withdrawn', { itemId: id, memberId, wasListed: locked.isActive });
  });
}
