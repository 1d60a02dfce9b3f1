/** Routes only the member route set has (docs/product.md, Screens). */
export const MEMBER_ONLY_PATHS: readonly string[] = [
  '/profile',
  '/wishlist',
  '/saved-searches',
  '/rings',
  '/messages',
  '/moderation',
];
