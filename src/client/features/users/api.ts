import type { Item } from '@common/api/items';
import type { ProfileInput, PublicProfile, User } from '@common/api/users';
import type { PreferencesPayload } from '@common/domain/preferences-payload';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';
import { ApiError } from '@client/lib/api-error';
import { holdsItems, invalidateItemQueries } from '@client/lib/item-queries';
import { refreshSession } from '@client/lib/session';

const AUTH_USER_URL = '/api/auth/user';

export function userItemsUrl(userId: string): string {
  return `/api/users/${userId}/items`;
}

/**
 * The signed-in member as the server has them now (bio, preferences). A 401 here means the
 * session is gone: the query cache's error handler runs handleUnauthorized (toast, then sign-in).
 */
export function useAuthUser() {
  return useQuery<User>({ queryKey: [AUTH_USER_URL] });
}

/** A member's public profile (name, photo, bio, trading record); open to visitors. */
export function usePublicProfile(userId: string) {
  return useQuery<PublicProfile>({ queryKey: [`/api/users/${userId}/profile`] });
}

/** A member's items, newest first; the owner also sees their unlisted ones. */
export function useUserItems(userId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<Item[]>({
    queryKey: [userItemsUrl(userId ?? '')],
    enabled: enabled && Boolean(userId),
    meta: holdsItems(),
  });
}

/** Saves preferences, then refreshes the member everywhere they are shown (docs/product.md, Screens). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: PreferencesPayload) =>
      (await (await apiRequest('PATCH', '/api/users/preferences', payload)).json()) as User,
    meta: {
      errorTitle: i18n.t('users:preferences.errorTitle'),
      errorDescription: i18n.t('users:preferences.errorDescription'),
    },
    onSuccess: (user) => {
      queryClient.setQueryData<User>([AUTH_USER_URL], user);
      void queryClient.invalidateQueries({ queryKey: [AUTH_USER_URL] });
      void refreshSession(queryClient);
    },
  });
}

/** After a change to the member's name or photo: the new record everywhere they are shown. */
function useShowUpdatedMember() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData<User>([AUTH_USER_URL], user);
    void queryClient.invalidateQueries({ queryKey: [AUTH_USER_URL] });
    void refreshSession(queryClient);
  };
}

/** Saves the member's name and location; refusals show under their fields (the form reads `issues`). */
export function useUpdateProfile() {
  const show = useShowUpdatedMember();
  return useMutation({
    mutationFn: async (input: ProfileInput) =>
      (await (await apiRequest('PATCH', '/api/users/profile', input)).json()) as User,
    onSuccess: show,
  });
}

/** Uploads a new profile photo (cropped square by the server) or removes it (`null`). */
export function useProfilePhoto() {
  const show = useShowUpdatedMember();
  return useMutation({
    mutationFn: async (file: File | null) => {
      if (!file) return (await (await apiRequest('DELETE', '/api/users/profile/photo')).json()) as User;
      const body = new FormData();
      body.append('file', file);
      const response = await fetch('/api/users/profile/photo', {
        method: 'PUT',
        credentials: 'include',
        body,
      });
      if (!response.ok) throw ApiError.fromBody(response.status, response.statusText, await response.text());
      return (await response.json()) as User;
    },
    meta: {
      errorTitle: i18n.t('users:details.photoNotSaved'),
      errorDescription: i18n.t('users:details.photoNotSavedDescription'),
    },
    onSuccess: show,
  });
}

/**
 * Holiday mode on until `until` (YYYY-MM-DD), or off with `null`. The member's items leave or
 * return to every list, so item queries refetch too.
 */
export function useHolidayMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (until: string | null) =>
      (await (
        until === null
          ? await apiRequest('DELETE', '/api/users/holiday')
          : await apiRequest('PUT', '/api/users/holiday', { until })
      ).json()) as User,
    meta: { errorTitle: i18n.t('users:holiday.notChanged') },
    onSuccess: (user) => {
      queryClient.setQueryData<User>([AUTH_USER_URL], user);
      void invalidateItemQueries(queryClient);
    },
  });
}

/** The welcome flow finished or skipped: the server stores it, so that it shows once. */
export function useFinishOnboarding() {
  const show = useShowUpdatedMember();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('DELETE', '/api/users/onboarding')).json()) as User,
    onSuccess: show,
  });
}
