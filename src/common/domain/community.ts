// No zod here: the landing page (in the first bundle) compares against these.
/** A new community's name and description, until an admin or COMMUNITY_NAME sets its own. */
export const DEFAULT_COMMUNITY_NAME = 'Threadswap';
export const DEFAULT_COMMUNITY_DESCRIPTION =
  'Swap pre-loved clothing, shoes and accessories with your community.';
