import type { ActivityEntry, FriendRecommendation, Network, SocialStats } from '@common/api/social';
import type { UserSummary } from '@common/api/users';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@client/components/ui/use-toast';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';

/** Every social read lives under this path; query keys are the URLs (the default query function GETs them). */
const SOCIAL_URL = '/api/social';
const SOCIAL_STATS_URL = `${SOCIAL_URL}/stats`;
const RECOMMENDATIONS_URL = `${SOCIAL_URL}/friend-recommendations`;
const STYLE_SIMILAR_URL = `${SOCIAL_URL}/style-similar`;
const ACTIVITY_FEED_URL = `${SOCIAL_URL}/activity-feed`;
const NETWORK_URL = `${SOCIAL_URL}/network`;

/*
 * Social data is for members only (docs/product.md, Social); the page asks for it only once the session is
 * known. A 401 means the session ended: the query cache's handler sends the member to sign in.
 */
export function useSocialStats() {
  return useQuery<SocialStats>({ queryKey: [SOCIAL_STATS_URL] });
}

export function useFriendRecommendations() {
  return useQuery<FriendRecommendation[]>({ queryKey: [RECOMMENDATIONS_URL] });
}

export function useStyleSimilar() {
  return useQuery<UserSummary[]>({ queryKey: [STYLE_SIMILAR_URL] });
}

export function useActivityFeed() {
  return useQuery<ActivityEntry[]>({ queryKey: [ACTIVITY_FEED_URL] });
}

export function useNetwork() {
  return useQuery<Network>({ queryKey: [NETWORK_URL] });
}

/** Where a member stands with the signed-in member, from the network answer. */
export type Relationship = 'none' | 'friend' | 'incoming' | 'outgoing';

export function relationshipWith(network: Network | undefined, userId: string): Relationship {
  if (!network) return 'none';
  if (network.friends.some((friend) => friend.user.id === userId)) return 'friend';
  if (network.incoming.some((request) => request.user.id === userId)) return 'incoming';
  if (network.outgoing.some((request) => request.user.id === userId)) return 'outgoing';
  return 'none';
}

/**
 * A friendship change alters the network, the stats (friends, active traders), the activity
 * feed ('became friends with') and who is recommended (connected members drop out, mutual
 * friends change): everything under /api/social/.
 */
export function invalidateSocial(
  queryClient: QueryClient,
  { refetchRecommendations = true } = {},
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const [url] = queryKey;
      if (typeof url !== 'string' || !url.startsWith(`${SOCIAL_URL}/`)) return false;
      return refetchRecommendations || url !== RECOMMENDATIONS_URL;
    },
  });
}

/**
 * Sends a friend request (POST /api/social/connect). docs/product.md (Social): toasts on success and failure.
 * Recommendations are only marked stale, so the card stays put (showing 'Request sent') and the
 * list refreshes the next time it is shown; everything else refetches now.
 */
export function useConnectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friendId: string) => apiRequest('POST', `${SOCIAL_URL}/connect`, { friendId }),
    onSuccess: async () => {
      toast({
        title: i18n.t('social:toasts.connectSent.title'),
        description: i18n.t('social:toasts.connectSent.description'),
      });
      await Promise.all([
        invalidateSocial(queryClient, { refetchRecommendations: false }),
        queryClient.invalidateQueries({ queryKey: [RECOMMENDATIONS_URL], refetchType: 'none' }),
      ]);
    },
    meta: {
      errorTitle: () => i18n.t('social:toasts.connectFailed.title'),
      errorDescription: i18n.t('social:toasts.connectFailed.description'),
      fixedDescription: true,
    },
    onError: () => {
      // A 409 means the network changed elsewhere (already friends, or a request is pending).
      void invalidateSocial(queryClient, { refetchRecommendations: false });
    },
  });
}

export interface RespondInput {
  requestId: string;
  user: UserSummary;
  accept: boolean;
}

/** Accepts or declines an incoming friend request (the addressee only). */
export function useRespondToRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, accept }: RespondInput) =>
      apiRequest('POST', `${SOCIAL_URL}/requests/${requestId}/${accept ? 'accept' : 'decline'}`),
    onSuccess: (_response, { user, accept }) => {
      toast(
        accept
          ? {
              title: i18n.t('social:toasts.accepted.title'),
              description: i18n.t('social:toasts.accepted.description', { name: user.firstName }),
            }
          : { title: i18n.t('social:toasts.declined') },
      );
      return invalidateSocial(queryClient);
    },
    meta: {
      errorTitle: ({ accept }: RespondInput) =>
        i18n.t(accept ? 'social:toasts.acceptFailed' : 'social:toasts.declineFailed'),
    },
    onError: () => {
      void invalidateSocial(queryClient);
    },
  });
}

export interface RemoveInput {
  user: UserSummary;
  /** 'friend' ends a friendship; 'request' withdraws a request the member sent. */
  kind: 'friend' | 'request';
}

/** DELETE /api/social/friends/:userId: ends a friendship, or withdraws a sent request. */
export function useRemoveConnectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user }: RemoveInput) => apiRequest('DELETE', `${SOCIAL_URL}/friends/${user.id}`),
    onSuccess: (_response, { user, kind }) => {
      toast(
        kind === 'friend'
          ? {
              title: i18n.t('social:toasts.removed.title'),
              description: i18n.t('social:toasts.removed.description', { name: user.firstName }),
            }
          : {
              title: i18n.t('social:toasts.withdrawn.title'),
              description: i18n.t('social:toasts.withdrawn.description', { name: user.firstName }),
            },
      );
      return invalidateSocial(queryClient);
    },
    meta: {
      errorTitle: ({ kind }: RemoveInput) =>
        i18n.t(kind === 'friend' ? 'social:toasts.removeFailed' : 'social:toasts.withdrawFailed'),
    },
    onError: () => {
      void invalidateSocial(queryClient);
    },
  });
}
