import type { CommunityPatch, CommunitySettings, Invitation } from '@common/api/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { setCommunity } from '@client/lib/community';

export { COMMUNITY_URL, useCommunity, useCurrency, useFreshCommunity } from '@client/lib/community';

/** An admin saves settings (PATCH /api/admin/community); every screen shows the answer at once. */
export function useUpdateCommunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: CommunityPatch) => apiJson<CommunitySettings>('PATCH', '/api/admin/community', patch),
    onSuccess: (settings) => setCommunity(queryClient, settings),
  });
}

/** A member makes an invitation link (POST /api/invitations), single-use. */
export function useCreateInvitation() {
  return useMutation({
    mutationFn: () => apiJson<Invitation>('POST', '/api/invitations'),
  });
}
