import type { TradeRequest } from '@common/api/trades';
import { canConfirmReceiptFrom, isLateSender } from '@common/domain/shipping-deadline';

/** What the member does next in a trade, or waits for; the trade page says it in plain words. */
export type TradeNextStep =
  | 'answer'
  | 'waitForAnswer'
  | 'send'
  | 'meet'
  | 'waitForPartnerToSend'
  | 'checkAndConfirm'
  | 'waitForPartnerToConfirm'
  | 'disputed'
  | 'review'
  | 'done'
  | 'closed';

const date = (value: string | null) => (value ? new Date(value) : null);

/** Each side's sending and receipt from the member's point of view. */
export function sendingState(trade: TradeRequest, now: Date = new Date()) {
  const mine = trade.side === 'incoming' ? 'owner' : 'requester';
  // A giveaway handover: the giver (owner) has nothing to receive, so their side counts as received.
  const gift = trade.offeredItemId === null;
  const mySentAt = mine === 'owner' ? trade.ownerSentAt : trade.requesterSentAt;
  const partnerSentAt = mine === 'owner' ? trade.requesterSentAt : trade.ownerSentAt;
  const deadline = date(trade.shipBy);
  return {
    mySentAt,
    partnerSentAt,
    myReceived: mine === 'owner' ? trade.ownerReceived || gift : trade.requesterReceived,
    partnerReceived: mine === 'owner' ? trade.requesterReceived : trade.ownerReceived || gift,
    /** The partner's deadline passed with nothing sent: the member may cancel at no cost. */
    partnerLate: trade.status === 'accepted' && isLateSender(date(partnerSentAt), deadline, now),
    /** The member's own deadline passed with nothing sent. */
    iAmLate: trade.status === 'accepted' && isLateSender(date(mySentAt), deadline, now),
    /** "I received it" is offered: the partner sent, or their deadline passed. */
    canConfirmReceipt:
      trade.status === 'accepted' &&
      !(gift && mine === 'owner') &&
      canConfirmReceiptFrom(date(partnerSentAt), deadline, now),
  };
}

/**
 * `meetupAgreed`: the parties agreed a meet-up (GET …/meetup), so the member's next step before
 * handing over is the meet-up, not the post.
 */
export function tradeNextStep(
  trade: TradeRequest,
  memberId: string,
  now: Date = new Date(),
  meetupAgreed = false,
): TradeNextStep {
  switch (trade.status) {
    case 'pending':
      return trade.offeredById === memberId ? 'waitForAnswer' : 'answer';
    case 'accepted': {
      const state = sendingState(trade, now);
      if (!state.mySentAt) return meetupAgreed ? 'meet' : 'send';
      if (state.myReceived) return 'waitForPartnerToConfirm';
      return state.canConfirmReceipt ? 'checkAndConfirm' : 'waitForPartnerToSend';
    }
    case 'disputed':
      return 'disputed';
    case 'completed':
      return trade.myReview ? 'done' : 'review';
    default:
      return 'closed';
  }
}
