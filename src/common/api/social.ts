import { z } from 'zod';
import { canonicalId } from './common';
import { userSummary } from './users';

export const connectInput = z.object({ friendId: canonicalId('friendId must be a member id') }).strict();

export const friendRequest = z.object({ id: z.string(), user: userSummary, createdAt: z.string() });
export const network = z.object({
  friends: z.array(z.object({ friendshipId: z.string(), user: userSummary, since: z.string() })),
  incoming: z.array(friendRequest),
  outgoing: z.array(friendRequest),
});
export type Network = z.infer<typeof network>;

/** A friend recommendation (docs/product.md § Social). The user's email is left out on purpose: members never see others' emails. */
export const friendRecommendation = z.object({
  user: userSummary,
  styleCompatibility: z.number(),
  tradingPotential: z.number(),
  recommendationScore: z.number(),
  reasons: z.array(z.string()),
  sharedBrands: z.array(z.string()),
  mutualFriends: z.array(userSummary),
});
export type FriendRecommendation = z.infer<typeof friendRecommendation>;

export const activityEntry = z.object({
  id: z.string(),
  user: userSummary,
  action: z.string(),
  item: z.object({ id: z.string(), title: z.string(), images: z.array(z.string()) }).nullable(),
  timestamp: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const socialStats = z.object({
  totalFriends: z.number().int(),
  socialTradesCompleted: z.number().int(),
  /** 0..1 */
  influenceScore: z.number(),
  /** Average rating received, one decimal; 0 without reviews. */
  trustRating: z.number(),
  /** 0..1, shown as 'Style Influence'. */
  stylistRating: z.number(),
  /** Shown as 'Active Traders'. */
  activeTradingFriends: z.number().int(),
});
export type SocialStats = z.infer<typeof socialStats>;
