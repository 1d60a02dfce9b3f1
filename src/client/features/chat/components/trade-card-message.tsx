import type { TradeCard } from '@common/api/chat';
import { imageUrl } from '@common/domain/image-url';
import { tradePath } from '@common/domain/notification-links';
import { ArrowLeftRight, ChevronDown, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { tradeEventLine } from '../chat-format';

/**
 * A barter event in a conversation (docs/product.md § Chat): one compact line saying who did what
 * in the reader's language ('Olivia sent a request · 2 items for 1', 'You shipped with DHL'), which
 * opens (a disclosure) onto the full card: what happened, both sides' items with their first photo,
 * and a link to the barter request. The server stores only the structured card; every word comes
 * from the catalogues here.
 */
export function TradeCardMessage({
  card,
  memberId,
  names,
  fallbackName,
  time,
}: {
  card: TradeCard;
  memberId: string;
  /** Each member's name by id, in a ring's thread; empty in a conversation of two. */
  names: ReadonlyMap<string, string>;
  /** The other member's name, for an actor not in `names` (a conversation of two). */
  fallbackName: string;
  /** The event's time, shown at the end of the line. */
  time: { dateTime: string; text: string };
}) {
  const { t } = useTranslation('chat');
  const actorName = card.actorId === null ? null : (names.get(card.actorId) ?? fallbackName);
  const headline =
    card.actorId === null
      ? t(`cards.system.${card.event}`)
      : card.actorId === memberId
        ? t(`cards.own.${card.event}`)
        : t(`cards.other.${card.event}`, { name: actorName });
  return (
    <details className="group w-full max-w-sm" data-testid={`card-trade-${card.event}`}>
      <summary
        className="mx-auto flex w-fit max-w-full cursor-pointer list-none items-center gap-1.5 rounded-full px-3 py-1.5 text-xs text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden"
        data-testid="button-trade-event"
      >
        <Repeat className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 font-medium text-foreground" data-testid="text-trade-event">
          {tradeEventLine(card, memberId, actorName)}
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={time.dateTime} className="shrink-0">
          {time.text}
        </time>
        <ChevronDown
          className="size-3.5 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
        <span className="sr-only">{t('cards.details')}</span>
      </summary>
      <div className="mx-auto mt-1 w-72 max-w-full overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm">
        <p className="flex items-center gap-2 border-b bg-muted/60 px-3 py-2 text-sm font-medium">
          <Repeat className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span data-testid="text-trade-card-status">{headline}</span>
        </p>
        <div className="flex items-center gap-2 px-3 py-2">
          <CardSide label={t('cards.offered')} items={card.offered} />
          <ArrowLeftRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <CardSide label={t('cards.requested')} items={card.requested} />
        </div>
        <Link
          href={tradePath(card.tradeId)}
          className="block border-t px-3 py-2 text-center text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
          data-testid="link-trade-card"
        >
          {t('cards.view')}
        </Link>
      </div>
    </details>
  );
}

function CardSide({ label, items }: { label: string; items: TradeCard['requested'] }) {
  const { t } = useTranslation('chat');
  const [first] = items;
  return (
    <div className="min-w-0 flex-1">
      <span className="sr-only">{label}</span>
      {first?.imageUrl ? (
        <img
          src={imageUrl(first.imageUrl, 400)}
          alt=""
          loading="lazy"
          className="mb-1 aspect-square w-full rounded-md bg-muted object-cover"
        />
      ) : (
        <div className="mb-1 aspect-square w-full rounded-md bg-muted" aria-hidden="true" />
      )}
      <p className="truncate text-xs font-medium">{first?.title ?? ''}</p>
      {items.length > 1 ? (
        <p className="text-xs text-muted-foreground">{t('cards.more', { count: items.length - 1 })}</p>
      ) : null}
    </div>
  );
}
