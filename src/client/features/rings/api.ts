import type { Ring, RingDetail, RingStatusInput } from '@common/api/rings';
import type { DisputeInput } from '@common/api/trades';
import type { SwapRule, SwapRuleInput, SwapRuleList } from '@common/api/swap-rules';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { i18n } from '@client/i18n';
import { apiJson, apiRequest } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session';

export const RINGS_URL = '/api/rings';
export const SWAP_RULES_URL = '/api/swap-rules';

/** The member's rings, newest first (GET /api/rings). */
export function useRings() {
  const { isAuthenticated } = useAuth();
  return useQuery<Ring[]>({ queryKey: [RINGS_URL], enabled: isAuthenticated });
}

/** Makes the member's rings stale (a pushed swap-ring notification, client/app/live-refresh.ts). */
export function invalidateRings(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => typeof url === 'string' && url.startsWith(RINGS_URL),
  });
}

/** The failure toast of a ring mutation, in the language shown when the hook renders. */
const errorMeta = (key: string) => ({
  errorTitle: i18n.t('rings:errors.title'),
  errorDescription: i18n.t(`rings:errors.${key}`),
});

/** Accept, decline or back out of a ring (PATCH /api/rings/:id). */
export function useAnswerRing() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: errorMeta('answer'),
    mutationFn: ({ id, ...input }: RingStatusInput & { id: string }) =>
      apiJson<Ring>('PATCH', `${RINGS_URL}/${id}`, input),
    onSettled: () => invalidateRings(queryClient),
  });
}

/** Confirm receiving what the ring brought (POST /api/rings/:id/received). */
export function useConfirmRingReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: errorMeta('receipt'),
    mutationFn: (id: string) => apiJson<Ring>('POST', `${RINGS_URL}/${id}/received`, { asDescribed: true }),
    onSettled: () => invalidateRings(queryClient),
  });
}

/** Say the member sent the item they give (POST /api/rings/:id/sent): its receiver may then confirm. */
export function useMarkRingSent() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: errorMeta('sent'),
    mutationFn: (id: string) => apiJson<Ring>('POST', `${RINGS_URL}/${id}/sent`, {}),
    onSettled: () => invalidateRings(queryClient),
  });
}

/** One ring of the member (GET /api/rings/:id); a ring they are not in answers 404. */
export function useRing(id: string) {
  return useQuery<RingDetail>({ queryKey: [`${RINGS_URL}/${id}`] });
}

/** Report a problem with the item the ring brought (POST /api/rings/:id/dispute): the ring is put on hold. */
export function useOpenRingDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: errorMeta('dispute'),
    mutationFn: ({ id, ...input }: DisputeInput & { id: string }) =>
      apiJson<Ring>('POST', `${RINGS_URL}/${id}/dispute`, input),
    onSettled: () => invalidateRings(queryClient),
  });
}

/** The member's swap rules and how many favourites and wishlist entries act as rules. */
export function useSwapRules() {
  const { isAuthenticated } = useAuth();
  return useQuery<SwapRuleList>({ queryKey: [SWAP_RULES_URL], enabled: isAuthenticated });
}

export function useCreateSwapRule() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: errorMeta('saveRule'),
    mutationFn: (input: SwapRuleInput) => apiJson<SwapRule>('POST', SWAP_RULES_URL, input),
    // A new rule may have closed a ring at once.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey: [url] }) => url === SWAP_RULES_URL || url === RINGS_URL,
      }),
  });
}

export function useDeleteSwapRule() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: errorMeta('deleteRule'),
    mutationFn: (id: string) => apiRequest('DELETE', `${SWAP_RULES_URL}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SWAP_RULES_URL] }),
  });
}

/** The live count of listed items a draft rule matches, asked 400 ms after the last change. */
export function useRuleMatchCount(draft: SwapRuleInput) {
  const key = JSON.stringify(draft);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), 400);
    return () => clearTimeout(timer);
  }, [key]);
  return useQuery<{ matchCount: number }>({
    queryKey: [`${SWAP_RULES_URL}/match-count`, settled],
    queryFn: ({ signal }) =>
      apiJson('POST', `${SWAP_RULES_URL}/match-count`, JSON.parse(settled) as SwapRuleInput, { signal }),
    placeholderData: (previous) => previous,
  });
}
