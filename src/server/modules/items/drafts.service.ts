import { and, count, desc, eq, lt } from 'drizzle-orm';
import {
  DRAFT_TTL_MS,
  type Draft,
  type DraftFields,
  MAX_DRAFTS,
  type draftInput,
} from '../../../common/api/drafts';
import { itemInput } from '../../../common/api/items';
import type { z } from 'zod';
import { itemDrafts } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { lockMember } from '../../lib/member-lock';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { getItem } from './items-read.service';
import { checkListing, checkPhotos, checkSubcategory, insertListing } from './items-writes.service';

/** A draft as the routes validated it (`draftInput`'s output). */
type DraftValues = z.output<typeof draftInput>;
type DraftRow = typeof itemDrafts.$inferSelect;

function presentDraft(row: DraftRow): Draft {
  return {
    id: row.id,
    fields: row.fields,
    images: row.images,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: new Date(row.updatedAt.getTime() + DRAFT_TTL_MS).toISOString(),
  };
}

/** The stored form of a draft: its fields apart from the photos, without absent ones. */
function splitDraft(values: DraftValues): { fields: DraftFields; images: string[] } {
  const { images = [], ...rest } = values;
  const fields = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  ) as DraftFields;
  for (const list of ['tags', 'colors', 'seasons'] as const) {
    const entries = fields[list];
    if (entries) fields[list] = [...new Set(entries)];
  }
  return { fields, images };
}

/**
 * The checks a draft shares with a listing beyond its schema, on the fields it has: the subcategory
 * fits the category, and the photos are the member's own uploads (or photos the draft already has).
 */
async function checkDraft(
  ctx: ServiceContext,
  memberId: string,
  values: DraftValues,
  existingImages: string[] = [],
) {
  const { fields, images } = splitDraft(values);
  const hasContent = images.length > 0 || Object.values(fields).some((value) => value !== null);
  if (!hasContent) throw badRequest('drafts.empty');
  if (fields.category) checkSubcategory(fields.category, fields.subcategory);
  await checkPhotos(ctx.db, memberId, images, existingImages);
  return { fields, images };
}

/** The member's drafts, last saved first. Nobody else ever reads them. */
export async function listDrafts(ctx: ServiceContext, memberId: string) {
  const rows = await ctx.db
    .select()
    .from(itemDrafts)
    .where(eq(itemDrafts.userId, memberId))
    .orderBy(desc(itemDrafts.updatedAt))
    .limit(MAX_DRAFTS);
  return rows.map(presentDraft);
}

/**
 * Saves a new draft, within MAX_DRAFTS per member: the count and the insert run under a lock on the
 * member's row, so that concurrent saves cannot each see room for themselves.
 */
export async function createDraft(ctx: ServiceContext, memberId: string, values: DraftValues) {
  const checked = await checkDraft(ctx, memberId, values);
  const row = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [kept] = await tx
      .select({ value: count() })
      .from(itemDrafts)
      .where(eq(itemDrafts.userId, memberId));
    if ((kept?.value ?? 0) >= MAX_DRAFTS) throw conflict('drafts.too_many', { maximum: MAX_DRAFTS });
    const [inserted] = await tx
      .insert(itemDrafts)
      .values({ userId: memberId, ...checked })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('draft insert returned nothing');
  return presentDraft(row);
}

/** Replaces the member's draft with what the form holds now; another member's draft is a 404. */
export async function updateDraft(ctx: ServiceContext, memberId: string, id: string, values: DraftValues) {
  const [current] = await ctx.db
    .select({ images: itemDrafts.images })
    .from(itemDrafts)
    .where(and(eq(itemDrafts.id, id), eq(itemDrafts.userId, memberId)))
    .limit(1);
  if (!current) throw notFound('drafts.not_found');
  const checked = await checkDraft(ctx, memberId, values, current.images);
  const [row] = await ctx.db
    .update(itemDrafts)
    .set({ ...checked, updatedAt: new Date() })
    .where(and(eq(itemDrafts.id, id), eq(itemDrafts.userId, memberId)))
    .returning();
  if (!row) throw notFound('drafts.not_found');
  return presentDraft(row);
}

/** Deletes the member's draft; its photos are then unused and go with the unattached-photo sweep. */
export async function deleteDraft(ctx: ServiceContext, memberId: string, id: string) {
  const deleted = await ctx.db
    .delete(itemDrafts)
    .where(and(eq(itemDrafts.id, id), eq(itemDrafts.userId, memberId)))
    .returning({ id: itemDrafts.id });
  if (deleted.length === 0) throw notFound('drafts.not_found');
}

/**
 * Publishes the draft: `latest` (what the form holds now, if sent) laid over the saved draft must
 * pass every rule of `POST /api/items`; then the listing is created by the same path as a new listing
 * (insertListing, with all its side effects) and the draft deleted, in one transaction. The draft is
 * locked first, so that of two publishes of one draft the second finds nothing (404).
 */
export async function publishDraft(
  ctx: ServiceContext,
  memberId: string,
  id: string,
  latest: DraftValues | null | undefined,
) {
  const itemId = await transact(ctx, async (tx, effects) => {
    const [row] = await tx
      .select()
      .from(itemDrafts)
      .where(and(eq(itemDrafts.id, id), eq(itemDrafts.userId, memberId)))
      .for('update');
    if (!row) throw notFound('drafts.not_found');
    // A ZodError here is answered as a 400 with its issues, like the listing route's own validation.
    const input = itemInput.parse({ ...row.fields, images: row.images, ...stripUndefined(latest ?? {}) });
    await checkListing(tx, memberId, input);
    const created = await insertListing(tx, effects, memberId, input);
    await tx.delete(itemDrafts).where(eq(itemDrafts.id, id));
    return created;
  });
  return getItem(ctx, memberId, itemId);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/**
 * Deletes drafts nobody has saved for DRAFT_TTL_MS; answers how many went. Their photos are then
 * used by nothing, and older than a day, so the unattached-photo sweep (registered after this one)
 * deletes them in the same run.
 */
export async function sweepExpiredDrafts({ db }: ServiceContext, now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - DRAFT_TTL_MS);
  const deleted = await db
    .delete(itemDrafts)
    .where(lt(itemDrafts.updatedAt, cutoff))
    .returning({ id: itemDrafts.id });
  return deleted.length;
}
