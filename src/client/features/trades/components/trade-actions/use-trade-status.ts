import type { TradeRequest } from '@common/api/trades';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/ui/use-toast';
import { useUpdateTradeStatus } from '../../api';

type StatusChange = 'accepted' | 'declined' | 'cancelled';

/**
 * Accept, decline or cancel a pending request, with the toast that tells the member it is done.
 * mutateAsync: the card may leave its tab (unmount) when the list updates; the promise still settles.
 * An accept carries the terms and offer versions the member saw, so a newer change is refused, not
 * accepted unseen. Resolves true when the change went through.
 */
export function useTradeStatusChange(
  trade: TradeRequest,
  partnerName: string,
  onAccepted: (trade: TradeRequest) => void,
) {
  const { t } = useTranslation('trades');
  const updateStatus = useUpdateTradeStatus();
  const change = async (status: StatusChange, seen: TradeRequest = trade): Promise<boolean> => {
    let updated: TradeRequest;
    try {
      updated = await updateStatus.mutateAsync(
        status === 'accepted'
          ? { id: trade.id, status, termsVersion: seen.termsVersion, offerVersion: seen.offerVersion }
          : { id: trade.id, status },
      );
    } catch {
      // Reported by the mutation's own error handling (see useUpdateTradeStatus).
      return false;
    }
    if (status === 'accepted') {
      toast({
        title: t('card.accepted'),
        description: t('card.acceptedDescription', { name: partnerName }),
      });
      onAccepted(updated);
    } else {
      toast({ title: t(`card.${status}`), description: t('notified', { name: partnerName }) });
    }
    return true;
  };
  return {
    change,
    busy: updateStatus.isPending,
    /** The status being sent, while one is. */
    pending: updateStatus.isPending ? updateStatus.variables?.status : undefined,
  };
}
