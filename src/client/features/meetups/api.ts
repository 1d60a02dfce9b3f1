import type { MeetupInput, MeetupState } from '@common/api/meetups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { i18n } from '@client/i18n';
import { apiRequest } from '@client/lib/api-client';

export const meetupUrl = (tradeId: string) => `/api/trade-requests/${tradeId}/meetup`;

/**
 * The trade's meet-up as this member sees it (their own handover code included). `enabled` false
 * skips the request (a trade that is not accepted has no meet-up to read).
 */
export function useMeetup(tradeId: string, enabled = true) {
  return useQuery<MeetupState>({ queryKey: [meetupUrl(tradeId)], enabled });
}

function useMeetupChange<T>(
  tradeId: string,
  send: (input: T) => Promise<Response>,
  /** False when the caller shows the failure itself, beside its form. */
  toastErrors = true,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => (await (await send(input)).json()) as MeetupState,
    meta: toastErrors ? { errorTitle: i18n.t('meetups:errorTitle') } : {},
    onSuccess: (state) => {
      queryClient.setQueryData([meetupUrl(tradeId)], state);
      // Receipts and the trade's status may have changed with a handover.
      void queryClient.invalidateQueries({ queryKey: ['/api/trade-requests'] });
    },
  });
}

export function useProposeMeetup(tradeId: string) {
  return useMeetupChange(tradeId, (input: MeetupInput) => apiRequest('POST', meetupUrl(tradeId), input));
}

export function useAnswerMeetup(tradeId: string) {
  return useMeetupChange(tradeId, (status: 'accepted' | 'declined') =>
    apiRequest('PATCH', meetupUrl(tradeId), { status }),
  );
}

/** A wrong code is said beside the code's box (the form shows `error`), not in a toast. */
export function useHandover(tradeId: string) {
  return useMeetupChange(
    tradeId,
    (code: string) => apiRequest('POST', `/api/trade-requests/${tradeId}/handover`, { code }),
    false,
  );
}
