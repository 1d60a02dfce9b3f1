import type { TradeHistoryEntry, TradeRequestDetail } from '@common/api/trades';
import { displayName } from '@common/domain/display-name';
import { CircleCheck, Clock, Footprints } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HistoryTimeline } from '@client/components/history-timeline';
import { Card, CardContent } from '@client/components/ui/card';
import { useMeetup } from '@client/features/meetups';
import { useFormat } from '@client/i18n/format';
import { sendingState, type TradeNextStep, tradeNextStep } from '../next-step';
import { tradePartner } from './trade-card';
import { isHandover } from './handover-side';

/** The steps a giveaway handover words as a gift (one item given, nothing sent back). */
const GIFT_STEPS = [
  'send',
  'meet',
  'waitForPartnerToSend',
  'checkAndConfirm',
  'waitForPartnerToConfirm',
  'review',
  'done',
] as const satisfies readonly TradeNextStep[];
type GiftStep = (typeof GIFT_STEPS)[number];
const isGiftStep = (step: TradeNextStep): step is GiftStep =>
  (GIFT_STEPS as readonly string[]).includes(step);

/** The member's next step in plain words, with the shipping deadline when it matters. */
export function TradeNextStepCard({ trade, memberId }: { trade: TradeRequestDetail; memberId: string }) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  const meetup = useMeetup(trade.id, trade.status === 'accepted').data?.meetup;
  const step = tradeNextStep(trade, memberId, new Date(), meetup?.status === 'accepted');
  const name = displayName(tradePartner(trade));
  const deadline = trade.shipBy ? format.date(trade.shipBy) : '';
  return (
    <Card className="border-primary/40 bg-primary/5" data-testid="card-next-step">
      <CardContent className="flex items-start gap-3 p-4 sm:p-5">
        <Footprints className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 className="text-base font-semibold">{t('page.nextStep')}</h2>
          <p className="text-sm break-words" data-testid={`text-next-step-${step}`}>
            {isHandover(trade) && isGiftStep(step)
              ? t(`page.nextGift.${step}`, { name, date: deadline })
              : t(`page.next.${step}`, { name, date: deadline })}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Each side's sending: sent on a date, or not yet with its deadline (late once it passed). */
export function TradeSendingState({ trade }: { trade: TradeRequestDetail }) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  if (trade.status === 'pending' || trade.status === 'declined' || !trade.acceptedAt) return null;
  const state = sendingState(trade);
  // A giveaway handover: its giver (the owner, incoming) and its receiver.
  const handoverGiver = isHandover(trade) && trade.side === 'incoming';
  const handoverReceiver = isHandover(trade) && trade.side !== 'incoming';
  const name = displayName(tradePartner(trade));
  const line = (who: string, sentAt: string | null, late: boolean, testId: string) => (
    <li className="flex items-start gap-2" data-testid={testId}>
      {sentAt ? (
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
      ) : (
        <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      )}
      <span>
        {sentAt
          ? t('page.sentOn', { who, date: format.date(sentAt) })
          : late
            ? t('page.lateSince', { who, date: format.date(trade.shipBy as string) })
            : t('page.sendBy', { who, date: trade.shipBy ? format.date(trade.shipBy) : '' })}
      </span>
    </li>
  );
  return (
    <section aria-labelledby="trade-sending-heading" className="grid gap-2">
      <h2 id="trade-sending-heading" className="text-lg font-semibold">
        {t('page.sending')}
      </h2>
      <ul className="grid gap-1.5 text-sm" data-testid="list-sending">
        {/* A giveaway handover: only the giver (owner) sends. */}
        {handoverReceiver ? null : line(t('page.youSent'), state.mySentAt, state.iAmLate, 'sending-mine')}
        {handoverGiver ? null : line(name, state.partnerSentAt, state.partnerLate, 'sending-partner')}
      </ul>
    </section>
  );
}

/**
 * The trade page's title (and the tab's): "Swap with …" for a barter; a giveaway handover
 * (docs/decisions/027-giveaway-handovers.md) is a gift, "Gift to …" for its giver (the owner) and
 * "Gift from …" for the member receiving it.
 */
export function useTradePageTitle(trade: TradeRequestDetail | undefined): string {
  const { t } = useTranslation('trades');
  if (!trade) return t('page.loadingTitle');
  const name = displayName(tradePartner(trade));
  if (!isHandover(trade)) return t('page.title', { name });
  return t(trade.side === 'incoming' ? 'page.giftTo' : 'page.giftFrom', { name });
}

/** The trade's history, oldest first: who did what, when. */
export function TradeHistory({ trade, memberId }: { trade: TradeRequestDetail; memberId: string }) {
  const { t } = useTranslation('trades');
  // A giveaway handover's request asks for a gift: "You asked for it", "Ana asked for it".
  const handover = isHandover(trade);
  const nameOf = (entry: TradeHistoryEntry) => {
    if (entry.actorId === null || entry.actorId === memberId) return null;
    const party = entry.actorId === trade.owner.id ? trade.owner : trade.requester;
    return displayName(party);
  };
  const words = (entry: TradeHistoryEntry) => {
    const who = nameOf(entry);
    if (handover && entry.event === 'requested') {
      if (entry.actorId === memberId) return t('page.history.handover.mine');
      return who ? t('page.history.handover.by', { who }) : t('page.history.handover.event');
    }
    // Its sending and completion are the gift's: "Gia sent the gift", "Handover completed".
    if (handover && (entry.event === 'sent' || entry.event === 'completed')) {
      if (entry.actorId === memberId) return t(`page.history.gift.mine.${entry.event}`);
      return who
        ? t(`page.history.gift.by.${entry.event}`, { who })
        : t(`page.history.gift.events.${entry.event}`);
    }
    if (entry.actorId === memberId) return t(`page.history.mine.${entry.event}`);
    return who ? t(`page.history.by.${entry.event}`, { who }) : t(`page.history.events.${entry.event}`);
  };
  return (
    <HistoryTimeline
      id="trade-history"
      title={t('page.history.title')}
      linePrefix="history-"
      lines={trade.history.map((entry) => ({ text: words(entry), at: entry.at, event: entry.event }))}
    />
  );
}
