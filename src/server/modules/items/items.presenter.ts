import type { Item } from '../../../common/api/items';
import { lastInitial } from '../../../common/domain/display-name';
import { isAway } from '../../../common/domain/holiday';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { items, users } from '../../db/schema';

/**
 * The item's own columns that an item is shown with, and the only ones `presentItem` reads: not
 * the search columns (two tsvectors and the search text, about 460 bytes a row that the database
 * would render as text for nothing) nor the bookkeeping ones.
 */
export const shownItemFields = {
  id: items.id,
  userId: items.userId,
  title: items.title,
  description: items.description,
  category: items.category,
  gender: items.gender,
  style: items.style,
  subcategory: items.subcategory,
  condition: items.condition,
  brand: items.brand,
  size: items.size,
  estimatedValue: items.estimatedValue,
  images: items.images,
  tags: items.tags,
  colors: items.colors,
  seasons: items.seasons,
  location: items.location,
  isActive: items.isActive,
  availability: items.availability,
  favoriteCount: items.favoriteCount,
  directSwapsOnly: items.directSwapsOnly,
  isGiveaway: items.isGiveaway,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  deletedAt: items.deletedAt,
  removedAt: items.removedAt,
  removalReason: items.removalReason,
  removalNote: items.removalNote,
  listedBeforeHold: items.listedBeforeHold,
  /**
   * The owner's town, named only: its position never leaves the server (decision 023). Read from
   * the item's own copy of the names (migration 0052), not a subquery on towns per row (decision 024).
   */
  town: sql<{
    name: string;
    region: string;
    country: string;
  } | null>`(case when ${items.townName} is null then null else json_build_object('name', ${items.townName}, 'region', ${items.townRegion}, 'country', ${items.townCountry}) end)`,
};

type ItemRow = Pick<typeof items.$inferSelect, Exclude<keyof typeof shownItemFields, 'town'>> & {
  town: { name: string; region: string; country: string } | null;
};

type OwnerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'profileImageUrl' | 'ratingAverage' | 'ratingCount' | 'holidayUntil'
>;

/** The columns an item is shown with: the item's shown fields and its owner's public fields. */
export const itemColumns = {
  item: shownItemFields,
  owner: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    profileImageUrl: users.profileImageUrl,
    ratingAverage: users.ratingAverage,
    ratingCount: users.ratingCount,
    holidayUntil: users.holidayUntil,
  },
};

/** These items (in no set order) with their owners, in the columns an item is shown with. */
export const shownItemsByIds = (db: Db, ids: string[]) =>
  db
    .select(itemColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(inArray(items.id, ids));

export function presentItem({ item, owner }: { item: ItemRow; owner: OwnerRow }): Item {
  return {
    id: item.id,
    userId: item.userId,
    title: item.title,
    description: item.description,
    category: item.category,
    gender: item.gender,
    style: item.style,
    subcategory: item.subcategory,
    condition: item.condition,
    brand: item.brand,
    size: item.size,
    estimatedValue: item.estimatedValue,
    images: item.images,
    tags: item.tags,
    colors: item.colors,
    seasons: item.seasons,
    location: item.location,
    town: item.town,
    isActive: item.isActive,
    availability: item.availability,
    favoriteCount: item.favoriteCount,
    directSwapsOnly: item.directSwapsOnly,
    isGiveaway: item.isGiveaway,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    // Only the owner ever sees a held item (isPublicItem): why it is out of the marketplace.
    ...(item.listedBeforeHold === null
      ? {}
      : {
          moderation: {
            removalReason: item.removedAt ? item.removalReason : null,
            removalNote: item.removedAt ? item.removalNote : null,
          },
        }),
    owner: {
      id: owner.id,
      firstName: owner.firstName,
      // Listings are public: the owner's last initial only, as on their profile.
      lastName: lastInitial(owner.lastName),
      profileImageUrl: owner.profileImageUrl,
      averageRating: owner.ratingAverage === null ? null : Math.round(owner.ratingAverage * 10) / 10,
      reviewCount: owner.ratingCount,
      awayUntil: isAway(owner.holidayUntil) ? (owner.holidayUntil?.toISOString() ?? null) : null,
    },
  };
}
