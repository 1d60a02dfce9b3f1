/**
 * How many entries each list shows (docs/product.md § Display rules). Kept apart from the zod contract so that importing
 * a number does not pull the schemas into the first page's JavaScript.
 */
export const NOTIFICATION_POPOVER_SIZE = 10;
export const WISHLIST_MATCHES_SHOWN = 6;
export const SMART_MATCHES_SHOWN = 8;
export const RECOMMENDATIONS_SHOWN = 5;
export const STYLE_SIMILAR_SHOWN = 6;
export const ACTIVITY_SHOWN = 10;
export const LATEST_REVIEWS_SHOWN = 5;
export const HOME_GRID_SIZE = 8;
