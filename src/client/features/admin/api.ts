import type { AdminMemberDetail, AdminStats } from '@common/api/admin';
import type { AdminMemberPage, AuditEntry, MemberRole, ModerationAction } from '@common/api/moderation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api-client';

const ADMIN = '/api/admin';

export function useAdminStats() {
  return useQuery<AdminStats>({ queryKey: [`${ADMIN}/stats`] });
}

/** The member directory: a search by name or email (empty: everyone), page by page. */
export function useAdminMembers(q: string, page: number) {
  const params = new URLSearchParams({ q, page: String(page) });
  return useQuery<AdminMemberPage>({
    queryKey: [`${ADMIN}/members?${params.toString()}`],
    placeholderData: keepPreviousData,
  });
}

export function useAdminMember(memberId: string) {
  return useQuery<AdminMemberDetail>({ queryKey: [`${ADMIN}/members/${memberId}`], retry: false });
}

export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  hasMore: boolean;
}

export function useAuditLog(page: number, action: ModerationAction | null) {
  const params = new URLSearchParams({ page: String(page) });
  if (action) params.set('action', action);
  return useQuery<AuditPage>({
    queryKey: [`${ADMIN}/audit?${params.toString()}`],
    placeholderData: keepPreviousData,
  });
}

/** Reloads every console answer (after an action changed a member). */
export function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(ADMIN) });
}

/** PUT /api/admin/members/:id/role; the server refuses to demote the last admin (moderation.last_admin). */
export function useSetRole(memberId: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (role: MemberRole) => apiRequest('PUT', `${ADMIN}/members/${memberId}/role`, { role }),
    onSuccess: refresh,
  });
}
