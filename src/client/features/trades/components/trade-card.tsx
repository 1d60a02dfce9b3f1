import { useHashTarget } from '@client/lib/hash-target';
import type { TradeItemSummary, TradeOfferItem, TradeRequest } from '@common/api/trades';
import { displayName, initials } from '@common/domain/display-name';
import { tradePath } from '@common/domain/notification-links';
import { tradeStatusBadge } from '@common/domain/trade-state';
import type { TFunction } from 'i18next';
import { ArrowLeftRight, MessageCircle } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { useChat } from '@client/features/chat';
import { ChangedSinceRequest } from './terms-changes';
import { TradeActions } from './trade-actions';
import { HandoverNothingSide, isHandover } from './handover-side';
import { TradeItem } from './trade-item';

/** The other member of a trade, seen from the signed-in member. */
export function tradePartner(trade: TradeRequest) {
  return trade.side === 'incoming' ? trade.requester : trade.owner;
}

/** The item the member sends away in this trade (none for a giveaway handover's receiver). */
export function myTradeItem(trade: TradeRequest): TradeItemSummary | undefined {
  return (trade.side === 'incoming' ? trade.requestedItems : trade.offeredItems)[0];
}

/**
 * One barter request in Barter Management (docs/product.md § Trades): both items as the request's terms
 * hold them, the other party, the message, the status and when it was sent, what changed since the
 * request (while pending), and the actions its status and the member's side allow.
 */
export function TradeCard({
  trade,
  onAccepted,
  onArrangeShipping,
  compact = false,
  showPageLink = true,
}: {
  trade: TradeRequest;
  onAccepted: (trade: TradeRequest) => void;
  onArrangeShipping: (trade: TradeRequest) => void;
  /** History entries leave out the message. */
  compact?: boolean;
  /** Lists link each trade to its own page; the page itself does not. */
  showPageLink?: boolean;
}) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  const partner = tradePartner(trade);
  const partnerName = displayName(partner);
  const partnerFirstName = partner.firstName || partnerName;
  const { messageAbout } = useChat();
  const incoming = trade.side === 'incoming';
  const settled = trade.status === 'declined' || trade.status === 'cancelled';
  const scrollTarget = useHashTarget(`trade-${trade.id}`);

  return (
    <Card
      id={`trade-${trade.id}`}
      ref={scrollTarget}
      className={cn('scroll-mt-24 overflow-hidden', settled && 'bg-muted/30')}
      data-testid={`trade-${trade.id}`}
    >
      <CardContent className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Avatar className="size-9">
            {partner.profileImageUrl ? <AvatarImage src={partner.profileImageUrl} alt="" /> : null}
            <AvatarFallback>{initials(partner)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1 basis-40">
            <p className="text-sm font-medium break-words">
              <Trans
                t={t}
                i18nKey={headingKey(trade)}
                values={{ name: partnerName }}
                components={{
                  partner: (
                    <Link
                      href={`/profile?user=${partner.id}`}
                      className="font-semibold text-foreground underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                      data-testid={`link-partner-${trade.id}`}
                    />
                  ),
                }}
              />
            </p>
            <time dateTime={trade.createdAt} className="text-xs text-muted-foreground">
              {format.relative(trade.createdAt)}
            </time>
          </div>
          <Badge variant={tradeStatusBadge(trade.status)} data-testid={`badge-status-${trade.id}`}>
            {t(`card.status.${trade.status}`)}
          </Badge>
          <Button
            variant="outline"
            size="sm"
            onClick={() => messageAbout(partner.id, trade.requestedItemId)}
            aria-label={t('card.messageLabel', { name: partnerName })}
            data-testid={`button-message-trade-${trade.id}`}
          >
            <MessageCircle aria-hidden="true" />
            {t('card.message')}
          </Button>
          {showPageLink ? (
            <Button asChild variant="outline" size="sm" data-testid={`link-trade-page-${trade.id}`}>
              <Link href={tradePath(trade.id)} aria-label={t('card.detailsLabel', { name: partnerName })}>
                {t('card.details')}
              </Link>
            </Button>
          ) : null}
        </div>

        <div className="grid items-center gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:gap-3">
          <TradeSide
            label={(count, total) =>
              incoming
                ? sideLabel(t, 'theyOffer', partnerFirstName, count, total)
                : sideLabel(t, 'youOffer', partnerFirstName, count, total)
            }
            items={trade.offeredItems}
            testId={`trade-side-offered-${trade.id}`}
          />
          <span className="flex justify-center text-muted-foreground" aria-hidden="true">
            <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <ArrowLeftRight className="size-4 rotate-90 sm:rotate-0" />
            </span>
          </span>
          <TradeSide
            label={(count, total) =>
              isHandover(trade)
                ? t(incoming ? 'card.youGive' : 'card.theyGive', { name: partnerFirstName })
                : incoming
                  ? sideLabel(t, 'forYours', partnerFirstName, count, total)
                  : sideLabel(t, 'forTheirs', partnerFirstName, count, total)
            }
            items={trade.requestedItems}
            testId={`trade-side-requested-${trade.id}`}
          />
        </div>

        <ChangedSinceRequest trade={trade} />

        <OfferHistory trade={trade} partnerName={partnerName} />

        {trade.message && !compact ? (
          <blockquote
            className="rounded-lg bg-muted/70 px-3 py-2 text-sm break-words text-foreground/90"
            data-testid={`text-trade-note-${trade.id}`}
          >
            {/* The latest note, named by who wrote it, as every note is. */}
            <span className="font-semibold not-italic">
              {noteAuthorId(trade) === partner.id ? partnerFirstName : t('card.you')}:
            </span>{' '}
            <span className="italic">{t('quoted', { text: trade.message })}</span>
          </blockquote>
        ) : null}

        <TradeActions
          trade={trade}
          partnerName={partnerName}
          onAccepted={onAccepted}
          onArrangeShipping={onArrangeShipping}
        />
      </CardContent>
    </Card>
  );
}

type SideKey = 'theyOffer' | 'youOffer' | 'forYours' | 'forTheirs';

/**
 * A side's caption: "You offer" above a single item; "You offer 3 items · $120.00" above a bundle
 * (`total` is then the side's formatted value).
 */
function sideLabel(t: TFunction<'trades'>, key: SideKey, name: string, count: number, total: string) {
  return count === 1 ? t(`card.${key}`, { name }) : t(`card.bundle.${key}`, { name, count, total });
}

/** One side of a trade: its item, or each item of a bundle. */
function TradeSide({
  label,
  items,
  testId,
}: {
  /** The caption for `count` items worth `total` (formatted). */
  label: (count: number, total: string) => string;
  items: TradeItemSummary[];
  testId: string;
}) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  if (items.length === 0) return <HandoverNothingSide testId={testId} />;
  if (items.length === 1 && items[0]) return <TradeItem label={label(1, '')} item={items[0]} />;
  const total = items.reduce((sum, item) => sum + item.estimatedValue, 0);
  return (
    <div className="grid min-w-0 gap-1.5" data-testid={testId}>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {label(items.length, format.money(total))}
      </p>
      {items.map((item, index) => (
        <TradeItem
          key={item.id}
          label={t('card.bundleIndex', { index: index + 1, total: items.length })}
          item={item}
        />
      ))}
    </div>
  );
}

/** Every version of the offer once there was a counter-offer: who proposed what, newest last. */
/** Who wrote the trade's note: the latest version of the offer that carries it, else the requester. */
function noteAuthorId(trade: TradeRequest): string {
  const withNote = [...trade.offers].reverse().find((offer) => offer.message === trade.message);
  return withNote?.proposedById ?? trade.requester.id;
}

/**
 * The card's heading says whose offer is on the table: the request ('Offer from Bruno', 'Your offer
 * to Bruno') until someone counters, then the latest counter-offer's author ("Bruno's counter-offer",
 * 'Your counter-offer to Bruno').
 */
function headingKey(trade: TradeRequest) {
  const memberId = trade.side === 'incoming' ? trade.owner.id : trade.requester.id;
  if (isHandover(trade)) return trade.side === 'incoming' ? 'card.giftTo' : 'card.giftFrom';
  if (trade.offerVersion > 1) {
    return trade.offeredById === memberId ? 'card.yourCounterTo' : 'card.counterFrom';
  }
  return trade.side === 'incoming' ? 'card.offerFrom' : 'card.offerTo';
}

function OfferHistory({ trade, partnerName }: { trade: TradeRequest; partnerName: string }) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  if (trade.offers.length < 2) return null;
  const memberId = trade.side === 'incoming' ? trade.owner.id : trade.requester.id;
  const titles = (items: TradeOfferItem[]) => items.map((item) => item.title).join(', ');
  return (
    <details className="rounded-lg border px-3 py-2 text-sm" data-testid={`offer-history-${trade.id}`}>
      <summary className="cursor-pointer font-medium">
        {t('card.history.summary', { count: trade.offers.length })}
      </summary>
      <ol className="mt-2 grid gap-2">
        {trade.offers.map((offer) => {
          const latest = offer.version === trade.offerVersion;
          const byMe = offer.proposedById === memberId;
          const name =
            offer.version === 1
              ? t('card.history.request')
              : t('card.history.counterOffer', { number: offer.version - 1 });
          return (
            <li
              key={offer.version}
              className={cn('grid gap-0.5 rounded-md p-2', latest ? 'bg-secondary/60' : 'bg-muted/40')}
              data-testid={`offer-version-${trade.id}-${offer.version}`}
            >
              <p className="text-xs text-muted-foreground">
                {byMe
                  ? t('card.history.byYou', { offer: name })
                  : t('card.history.byPartner', { offer: name, name: partnerName })}{' '}
                · {format.relative(offer.createdAt)}
                {latest ? ` · ${t('card.history.latest')}` : ''}
              </p>
              <p className="break-words">
                {titles(offer.offeredItems)}{' '}
                <span className="text-muted-foreground">{t('card.history.for')}</span>{' '}
                {titles(offer.requestedItems)}
              </p>
              {offer.message ? (
                <p className="text-xs break-words text-muted-foreground">
                  <span className="font-semibold">{byMe ? t('card.you') : partnerName}:</span>{' '}
                  <span className="italic">{t('quoted', { text: offer.message })}</span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
