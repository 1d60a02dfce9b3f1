import type { TradeCard } from '@common/api/chat';
import { imageUrl } from '@common/domain/image-url';
import { NOTIFICATION_LINKS } from '@common/domain/notification-links';
import { ArrowLeftRight, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/**
 * A barter request card in a conversation (docs/product.md § Chat): what happened in the reader's
 * language ('Olivia accepted the barter request', 'You sent a barter request'), both sides' items
 * with their first photo, and a link to the Barter Requests page. The server stores only the
 * structured card; every word comes from the catalogues here.
 */
export function TradeCardMessage({
  card,
  memberId,
  names,
  fallbackName,
  onNavigate,
}: {
  card: TradeCard;
  memberId: string;
  /** Each member's name by id, in a ring's thread; empty in a conversation of two. */
  names: ReadonlyMap<string, string>;
  /** The other member's name, for an actor not in `names` (a conversation of two). */
  fallbackName: string;
  /** Called when the link is followed (the chat closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('chat');
  const headline =
    card.actorId === null
      ? t(`cards.system.${card.event}`)
      : card.actorId === memberId
        ? t(`cards.own.${card.event}`)
        : t(`cards.other.${card.event}`, { name: names.get(card.actorId) ?? fallbackName });
  return (
    <div
      className="w-72 max-w-full overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm"
      data-testid={`card-trade-${card.event}`}
    >
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
        href={NOTIFICATION_LINKS.barters}
        onClick={onNavigate}
        className="block border-t px-3 py-2 text-center text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
        data-testid="link-trade-card"
      >
        {t('cards.view')}
      </Link>
    </div>
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
