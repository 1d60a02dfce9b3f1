import type { AppealEntry, ReportGroup } from '@common/api/moderation';
import type { Report } from '@common/api/safety';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';

const QUEUE_URL = '/api/moderation/queue';
const APPEALS_URL = '/api/moderation/appeals';

export type QueueKind = 'all' | 'item' | 'user';
export type ModerationReason = Report['reason'];

/** Open reports grouped by item or member, with what a moderator needs (GET /api/moderation/queue). */
export function useReportGroups(kind: QueueKind, enabled: boolean) {
  return useQuery<ReportGroup[]>({ queryKey: [`${QUEUE_URL}?status=open&kind=${kind}`], enabled });
}

export function useOpenAppeals(enabled: boolean) {
  return useQuery<AppealEntry[]>({ queryKey: [`${APPEALS_URL}?status=open`], enabled });
}

export type ModerationCommand =
  | { kind: 'remove'; itemId: string; reason: ModerationReason; note: string }
  | { kind: 'restore'; itemId: string }
  | { kind: 'suspend'; memberId: string; reason: ModerationReason; days: number | null; note: string }
  | { kind: 'lift'; memberId: string }
  | { kind: 'warn'; memberId: string; message: string }
  | { kind: 'dismiss'; targetType: 'item' | 'user'; targetId: string }
  | { kind: 'appeal'; appealId: string; decision: 'granted' | 'rejected' };

function send(command: ModerationCommand) {
  const note = (text: string) => (text.trim() ? { note: text.trim() } : {});
  switch (command.kind) {
    case 'remove':
      return apiRequest('POST', `/api/moderation/items/${command.itemId}/removal`, {
        reason: command.reason,
        ...note(command.note),
      });
    case 'restore':
      return apiRequest('DELETE', `/api/moderation/items/${command.itemId}/removal`);
    case 'suspend':
      return apiRequest('POST', `/api/moderation/members/${command.memberId}/suspension`, {
        reason: command.reason,
        ...(command.days ? { days: command.days } : {}),
        ...note(command.note),
      });
    case 'lift':
      return apiRequest('DELETE', `/api/moderation/members/${command.memberId}/suspension`);
    case 'warn':
      return apiRequest('POST', `/api/moderation/members/${command.memberId}/warnings`, {
        message: command.message,
      });
    case 'dismiss':
      return apiRequest('POST', '/api/moderation/reports/dismissal', {
        targetType: command.targetType,
        targetId: command.targetId,
      });
    case 'appeal':
      return apiRequest('POST', `/api/moderation/appeals/${command.appealId}/decision`, {
        decision: command.decision,
      });
  }
}

/** Every moderation action; the queue, appeals and reports reload after it. */
export function useModerationCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { errorTitle: () => i18n.t('safety:queue.actionFailed') },
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/moderation'),
      }),
  });
}
