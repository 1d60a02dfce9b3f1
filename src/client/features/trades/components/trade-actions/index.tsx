import { AcceptedActions } from './accepted';
import { CancelledState, CompletedActions, DisputedState } from './closed';
import { PendingAnswerActions } from './pending-answer';
import { PendingIncomingWaitingActions, PendingOutgoingWaitingActions } from './pending-waiting';
import { memberIdOf, type TradeActionsProps } from './types';

export type { TradeActionsProps } from './types';
export { acceptedButtons, type AcceptedButtons, type HandoverWay } from './accepted';

/**
 * What the member can do with a trade, one component per state: answer a pending version they did
 * not propose, wait on their own (incoming or outgoing), send and receive once accepted (by post, or
 * in person once a meet-up is agreed), the dispute on hold, the cancellation note, the review.
 * Declined trades have nothing to do.
 */
export function TradeActions(props: TradeActionsProps) {
  const { trade } = props;
  switch (trade.status) {
    case 'pending':
      // The party who did not propose the latest version answers it: accept, counter, or say no.
      if (trade.offeredById !== memberIdOf(trade)) return <PendingAnswerActions {...props} />;
      return trade.side === 'incoming' ? (
        <PendingIncomingWaitingActions {...props} />
      ) : (
        <PendingOutgoingWaitingActions {...props} />
      );
    case 'accepted':
      return <AcceptedActions {...props} />;
    case 'disputed':
      return <DisputedState {...props} />;
    case 'cancelled':
      return <CancelledState {...props} />;
    case 'completed':
      return <CompletedActions {...props} />;
    default:
      return null;
  }
}
