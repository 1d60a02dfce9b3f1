import type { Item } from '@common/api/items';
import { ArrowLeftRight, MessageCircle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { DistanceLabel } from '@client/features/towns';
import { ITEM_DETAIL_STATE, type useItemControls, useItemView } from '../use-item-controls';
import { categoryLabel, ConditionBadge, GiveawayBadge, ItemChip } from './item-badges';
import { BookmarkButton, ItemFavoriteButton } from './item-icon-buttons';
import { ItemPhotoLink, ItemTitleLink } from './item-links';
import { LazyItemOwnerMenu } from './lazy-item-owner-menu';
import { useShortReturnDate } from './use-return-date';

/**
 * docs/product.md (Items): Item card: photo with the estimated value (top-left) and condition (bottom-left),
 * favourite and bookmark buttons, title, description, category/size/brand chips, the owner, and
 * the actions: Barter and View for everyone, Smart Match for signed-in non-owners, and the
 * Edit/Delete menu instead of Barter for the owner. Cards off screen skip layout and paint until
 * scrolled near (content-visibility), which keeps a page of 24 cheap to show on a phone.
 */
export function ItemCard({ item, priority = false }: { item: Item; priority?: boolean }) {
  const { t } = useTranslation('items');
  const format = useFormat();
  const { controls, detailHref, availability } = useItemView(item);

  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow [contain-intrinsic-size:auto_480px] [content-visibility:auto] hover:shadow-md"
      data-testid={`card-item-${item.id}`}
      aria-labelledby={`item-title-${item.id}`}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-muted">
        <ItemPhotoLink
          item={item}
          href={detailHref}
          priority={priority}
          className="block size-full"
          imageClassName="transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <span
          className="absolute top-2 left-2 rounded-full bg-card/95 px-2 py-0.5 text-sm font-bold tabular-nums shadow-sm ring-1 ring-black/5"
          data-testid={`text-value-${item.id}`}
        >
          <span className="sr-only">{t('card.estimatedValue')} </span>
          {format.money(item.estimatedValue)}
        </span>
        {controls.isOwner ? null : (
          <div className="absolute top-2 right-2 flex flex-col gap-1.5">
            <ItemFavoriteButton item={item} controls={controls} />
            <BookmarkButton
              itemId={item.id}
              title={item.title}
              active={controls.isBookmarked}
              onClick={controls.bookmark}
            />
          </div>
        )}
        {/* The pills wrap onto two lines on a narrow card rather than run into each other. */}
        <div
          className="pointer-events-none absolute inset-x-2 bottom-2 flex flex-wrap-reverse items-end justify-between gap-1"
          data-testid={`badges-${item.id}`}
        >
          <span className="flex flex-wrap items-end gap-1">
            <ConditionBadge condition={item.condition} className="whitespace-nowrap" />
            {item.isGiveaway ? <GiveawayBadge /> : null}
          </span>
          {availability ? (
            <span className="rounded-full bg-foreground/80 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-background">
              {availability}
            </span>
          ) : null}
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="space-y-1">
          <ItemTitleLink
            item={item}
            href={detailHref}
            id={`item-title-${item.id}`}
            className="line-clamp-2 text-sm leading-snug font-semibold sm:text-base"
          />
          <p className="line-clamp-2 text-xs text-muted-foreground sm:text-sm">{item.description}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <ItemChip>{categoryLabel(item.category)}</ItemChip>
          {item.size ? <ItemChip>{t('card.size', { size: item.size })}</ItemChip> : null}
          {item.brand ? <ItemChip>{item.brand}</ItemChip> : null}
        </div>
        <DistanceLabel distanceKm={item.distanceKm} />
        <div className="@container flex min-h-7 items-center justify-between gap-1">
          <p
            className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground"
            data-testid={`text-owner-${item.id}`}
          >
            <span
              aria-hidden="true"
              className="flex size-5 shrink-0 items-center justify-center rounded-full bg-secondary text-[10px] font-semibold text-secondary-foreground"
            >
              {item.owner.firstName.charAt(0).toUpperCase()}
            </span>
            <span className="truncate">
              {controls.isOwner ? t('card.yourItem') : t('card.by', { name: item.owner.firstName })}
            </span>
          </p>
          {controls.isOwner ? null : (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 shrink-0 gap-1 px-1.5 text-xs text-primary hover:text-primary"
              onClick={controls.message}
              aria-label={t('card.messageAbout', { name: item.owner.firstName, title: item.title })}
              title={t('card.messageOwner')}
              data-testid={`button-message-${item.id}`}
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              <span className="hidden @[11rem]:inline">{t('card.message')}</span>
            </Button>
          )}
        </div>
        <ItemCardActions item={item} controls={controls} detailHref={detailHref} />
      </div>
    </article>
  );
}

function ItemCardActions({
  item,
  controls,
  detailHref,
}: {
  item: Item;
  controls: ReturnType<typeof useItemControls>;
  detailHref: string;
}) {
  const { t } = useTranslation('items');
  const shortReturnDate = useShortReturnDate();
  const view = (
    <Button asChild variant="outline" size="sm" className="px-2">
      <Link
        href={detailHref}
        state={ITEM_DETAIL_STATE}
        data-testid={`button-view-${item.id}`}
        aria-label={t('card.viewTitle', { title: item.title })}
      >
        {t('card.view')}
      </Link>
    </Button>
  );
  return (
    <div
      className={cn(
        '@container mt-auto grid gap-1.5 pt-1',
        // The owner's 'View' is short and '··· Manage' is not: both fit a phone's two-column grid.
        controls.isOwner ? 'grid-cols-[auto_minmax(0,1fr)]' : 'grid-cols-2',
      )}
    >
      {controls.isOwner ? (
        <>
          {view}
          <LazyItemOwnerMenu item={item} className="min-w-0 px-2" />
        </>
      ) : (
        <>
          {controls.canBarter && item.owner.awayUntil ? (
            // The owner is on holiday: no request can be sent, said before anything is filled in.
            <Button
              size="sm"
              className="h-auto min-h-8 px-2 text-xs whitespace-normal"
              disabled
              data-testid={`button-barter-away-${item.id}`}
            >
              {t('card.awayUntil', { date: shortReturnDate(item.owner.awayUntil) })}
            </Button>
          ) : controls.canBarter ? (
            <Button
              size="sm"
              className="px-2"
              onClick={controls.barter}
              data-testid={`button-barter-${item.id}`}
            >
              <ArrowLeftRight className="hidden @[12.5rem]:block" aria-hidden="true" />
              {t('card.barter')}
            </Button>
          ) : null}
          {view}
          {controls.canSmartMatch ? (
            <Button
              variant="secondary"
              size="sm"
              className="col-span-2"
              onClick={controls.smartMatch}
              data-testid={`button-smart-match-${item.id}`}
            >
              <Sparkles aria-hidden="true" />
              {t('card.smartMatch')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The card's shape while items load (docs/product.md (Items) skeleton counts). */
export function ItemCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      className={cn('flex flex-col overflow-hidden rounded-xl border bg-card', className)}
      data-testid="skeleton-item-card"
    >
      <Skeleton className="aspect-[4/5] rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-2/3" />
        <div className="flex gap-1">
          <Skeleton className="h-5 w-14" />
          <Skeleton className="h-5 w-10" />
        </div>
        <Skeleton className="h-9 w-full" />
      </div>
    </div>
  );
}
