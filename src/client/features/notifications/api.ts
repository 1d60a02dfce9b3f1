import type { EmailPreferences, EmailPreferencesInput } from '@common/api/email-preferences';
import type { Notification, UnreadCount } from '@common/api/notifications';
import { NOTIFICATION_POPOVER_SIZE } from '@common/domain/display-limits';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';

const NOTIFICATIONS_URL = '/api/notifications';
const UNREAD_COUNT_URL = '/api/notifications/unread-count';

/**
 * The cache keys of the bell. Each starts with its URL, so invalidating [NOTIFICATIONS_URL] or
 * [UNREAD_COUNT_URL] refreshes it: the chat issue's WebSocket client invalidates these two on a
 * pushed notification, with no other change here.
 */
export const notificationListKey = [NOTIFICATIONS_URL, { limit: NOTIFICATION_POPOVER_SIZE }] as const;
export const unreadCountKey = [UNREAD_COUNT_URL] as const;

/** Refetches the bell's count and (once the popover has been opened) its list. */
export async function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_URL] }),
    queryClient.invalidateQueries({ queryKey: unreadCountKey }),
  ]);
}

/** Refetches the bell's list (once the popover has been opened). */
export function invalidateNotificationList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_URL] });
}

/** Sets the bell's unread count to the one the server pushed. */
export function setUnreadNotificationCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData<UnreadCount>(unreadCountKey, { count });
}

/** The first 10 notifications, newest first (docs/product.md, Screens). Loaded once the popover opens. */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationListKey,
    queryFn: async () => {
      const response = await apiRequest('GET', `${NOTIFICATIONS_URL}?limit=${NOTIFICATION_POPOVER_SIZE}`);
      return (await response.json()) as Notification[];
    },
    enabled,
  });
}

export function useUnreadCount() {
  return useQuery<UnreadCount>({ queryKey: unreadCountKey });
}

/**
 * Marks one notification read, showing it read at once and the badge one lower. Failures are
 * reported here, not by the caller: the popover closes on click, before the call settles.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('PATCH', `${NOTIFICATIONS_URL}/${id}/read`),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: [NOTIFICATIONS_URL] });
      const list = queryClient.getQueryData<Notification[]>(notificationListKey);
      const wasUnread = list?.some((entry) => entry.id === id && !entry.isRead) ?? false;
      queryClient.setQueryData<Notification[]>(notificationListKey, (current) =>
        current?.map((entry) => (entry.id === id ? { ...entry, isRead: true } : entry)),
      );
      if (wasUnread) {
        queryClient.setQueryData<UnreadCount>(unreadCountKey, (current) =>
          current ? { count: Math.max(0, current.count - 1) } : current,
        );
      }
    },
    meta: {
      errorTitle: i18n.t('notifications:errors.title'),
      errorDescription: i18n.t('notifications:errors.markRead'),
      fixedDescription: true,
    },
    onSettled: () => {
      void invalidateNotifications(queryClient);
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('PATCH', `${NOTIFICATIONS_URL}/read-all`),
    onSuccess: () => {
      queryClient.setQueryData<Notification[]>(notificationListKey, (current) =>
        current?.map((entry) => ({ ...entry, isRead: true })),
      );
      queryClient.setQueryData<UnreadCount>(unreadCountKey, { count: 0 });
    },
    meta: {
      errorTitle: i18n.t('notifications:errors.title'),
      errorDescription: i18n.t('notifications:errors.markAllRead'),
      fixedDescription: true,
    },
    onSettled: () => {
      void invalidateNotifications(queryClient);
    },
  });
}

const EMAIL_PREFERENCES_URL = '/api/notifications/preferences';
const emailPreferencesKey = [EMAIL_PREFERENCES_URL] as const;

/** Which emails the member gets, kind by kind. */
export function useEmailPreferences() {
  return useQuery<EmailPreferences>({ queryKey: emailPreferencesKey });
}

/** Turns one kind of email on or off, showing the change at once and undoing it if the server refuses. */
export function useSetEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: EmailPreferencesInput) =>
      (await (await apiRequest('PUT', EMAIL_PREFERENCES_URL, change)).json()) as EmailPreferences,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: emailPreferencesKey });
      const before = queryClient.getQueryData<EmailPreferences>(emailPreferencesKey);
      if (before) queryClient.setQueryData<EmailPreferences>(emailPreferencesKey, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(emailPreferencesKey, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(emailPreferencesKey, saved),
    meta: { errorTitle: i18n.t('notifications:errors.emailNotSaved') },
  });
}
