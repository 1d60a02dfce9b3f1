/** Routes only the member route set has (spec §2 Route sets). */
export const MEMBER_ONLY_PATHS: readonly string[] = ['/profile', '/wishlist', '/moderation'];
