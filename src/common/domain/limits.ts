/**
 * Every length and count limit on what members write, stated once. The API contract
 * (src/common/api) validates with these, the forms cap their inputs with them (maxLength), and the
 * server enforces them through the contract.
 */

/** An item's or a wishlist entry's title. */
export const MAX_TITLE_LENGTH = 120;
export const MAX_ITEM_DESCRIPTION_LENGTH = 4000;
export const MAX_WISHLIST_DESCRIPTION_LENGTH = 2000;
export const MAX_BRAND_LENGTH = 60;
export const MAX_SIZE_LENGTH = 20;
export const MAX_LOCATION_LENGTH = 80;
export const MAX_TAG_LENGTH = 30;
/** Tags on one item or wishlist entry. */
export const MAX_TAGS = 20;
/** Photos on one item. */
export const MAX_ITEM_PHOTOS = 8;
/** The optional note with a trade request. */
export const MAX_TRADE_MESSAGE_LENGTH = 1000;
/** The most items one side of a barter request (a bundle) may hold. */
export const MAX_BUNDLE_ITEMS = 5;
/** One chat message. */
export const MAX_MESSAGE_LENGTH = 2000;
export const MAX_BIO_LENGTH = 500;
export const MAX_REVIEW_COMMENT_LENGTH = 2000;
export const MAX_REPORT_DETAILS_LENGTH = 2000;
/** A first or a last name. */
export const MAX_NAME_LENGTH = 80;
/** The longest address a mail system accepts (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254;
/** The marketplace search text. */
export const MAX_SEARCH_LENGTH = 200;

/** How many searches one member may keep (docs/decisions/009-saved-searches.md), and their names' length. */
export const MAX_SAVED_SEARCHES = 30;
export const MAX_SAVED_SEARCH_NAME = 60;

/** Photo uploads: the largest file and the types accepted (items, avatars, chat, disputes). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;

/** How many drafts one member may keep (docs/decisions/013-listing-drafts.md). */
export const MAX_DRAFTS = 50;
/** A draft not saved for this many days is deleted with its photos. */
export const DRAFT_TTL_DAYS = 30;
