import type { Report } from '@common/api/safety';
import type { MemberSession } from '@common/api/auth';
import type { UserSummary } from '@common/api/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateConversationList } from '@client/features/chat';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session';

const BLOCKS_URL = '/api/blocks';
const MODERATION_REPORTS_URL = '/api/moderation/reports';

export type ReportStatus = Report['status'];
export type ReportTargetType = Report['targetType'];

export interface ReportPayload {
  targetType: ReportTargetType;
  targetId: string;
  reason: Report['reason'];
  details: string;
}

export interface BlockedMember {
  user: UserSummary;
  createdAt: string;
}

/** The members the signed-in member has blocked, newest first (GET /api/blocks). */
export function useBlockedMembers() {
  const { isAuthenticated } = useAuth();
  return useQuery<BlockedMember[]>({ queryKey: [BLOCKS_URL], enabled: isAuthenticated });
}

/** Whether the signed-in member has blocked `userId`; undefined until the list has loaded. */
export function useIsBlocked(userId: string): boolean | undefined {
  const blocks = useBlockedMembers();
  return blocks.data?.some((entry) => entry.user.id === userId);
}

/** Reports an item or a member to the moderators (POST /api/reports). */
export function useReport() {
  return useMutation({
    mutationFn: (payload: ReportPayload) => apiRequest('POST', '/api/reports', payload),
    meta: { errorTitle: () => i18n.t('safety:errors.reportNotSent') },
  });
}

/** Blocks a member: neither can then message the other or send them trade requests. */
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest('POST', BLOCKS_URL, { userId }),
    meta: { errorTitle: () => i18n.t('safety:errors.blockFailed') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BLOCKS_URL] }),
  });
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest('DELETE', `${BLOCKS_URL}/${userId}`),
    meta: { errorTitle: () => i18n.t('safety:errors.unblockFailed') },
    onSuccess: (_response, userId) => {
      // The row leaves the list at once; the refetch then confirms it.
      queryClient.setQueryData<BlockedMember[]>([BLOCKS_URL], (entries) =>
        entries?.filter((entry) => entry.user.id !== userId),
      );
      // Conversations with the member come back to the inbox (a block's own refresh comes over the socket).
      void invalidateConversationList(queryClient);
      return queryClient.invalidateQueries({ queryKey: [BLOCKS_URL] });
    },
  });
}

export function moderationReportsUrl(status: ReportStatus): string {
  return `${MODERATION_REPORTS_URL}?status=${status}`;
}

/** Every moderation list in the cache (open and resolved). */
function isModerationQuery(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && url.startsWith(MODERATION_REPORTS_URL);
}

/** Reports in one state, newest first, for moderators (GET /api/moderation/reports?status=). */
export function useModerationReports(status: ReportStatus, enabled: boolean) {
  return useQuery<Report[]>({ queryKey: [moderationReportsUrl(status)], enabled });
}

/** Resolves or reopens a report; both lists change (the report moves between them). */
export function useSetReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReportStatus }) =>
      apiRequest('PATCH', `${MODERATION_REPORTS_URL}/${id}`, { status }),
    meta: { errorTitle: () => i18n.t('safety:errors.reportUpdateFailed') },
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => isModerationQuery(query.queryKey) }),
  });
}

/** Changes the password; the server signs out the member's other sessions and keeps this one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest('POST', '/api/auth/password', input),
    // No errorTitle: the form shows a refusal under its field (ChangePasswordForm).
  });
}

/** Deletes the account; the server also clears the session cookie. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => apiRequest('DELETE', '/api/auth/account', { password }),
    meta: { errorTitle: () => i18n.t('safety:errors.accountNotDeleted') },
  });
}

const SESSIONS_URL = '/api/auth/sessions';

/** The member's signed-in sessions, this one first (GET /api/auth/sessions). */
export function useMemberSessions() {
  const { isAuthenticated } = useAuth();
  return useQuery<MemberSession[]>({ queryKey: [SESSIONS_URL], enabled: isAuthenticated });
}

/** Ends one of the member's other sessions: that device is signed out within a second. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${SESSIONS_URL}/${id}`),
    meta: { errorTitle: () => i18n.t('safety:errors.endSessionFailed') },
    onSuccess: (_response, id) => {
      queryClient.setQueryData<MemberSession[]>([SESSIONS_URL], (list) => list?.filter((s) => s.id !== id));
      return queryClient.invalidateQueries({ queryKey: [SESSIONS_URL] });
    },
  });
}

/** Ends every session but this one ("Sign out everywhere else"). */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `${SESSIONS_URL}/end-others`),
    meta: { errorTitle: () => i18n.t('safety:errors.endOtherSessionsFailed') },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SESSIONS_URL] }),
  });
}
