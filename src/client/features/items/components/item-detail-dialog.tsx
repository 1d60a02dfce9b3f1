import type { Item, ItemDetail as ItemDetailData } from '@common/api/items';
import { starParts } from '@common/domain/rating-stars';
import {
  ArrowLeftRight,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  MessageCircle,
  Sparkles,
  Star,
  StarHalf,
} from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { townLabel } from '@common/api/towns';
import { DistanceLabel } from '@client/features/towns';
import { useItem } from '../api';
import { useRecordView } from '../use-record-view';
import { useItemControls } from '../use-item-controls';
import { AVAILABILITY_BADGES, categoryLabel, ConditionBadge, GiveawayBadge } from './item-badges';
import { BookmarkButton, ItemFavoriteButton, ShareButton } from './item-icon-buttons';
import { ItemImage } from './item-image';
import { WhatYouCouldGetButton } from '@client/features/matching';
import { AskForGiveaway, GiveawayAskers } from '@client/features/giveaways';
import { isOpenForOffers } from '@common/domain/trade-state';
import { ItemOwnerMenu } from './item-owner-menu';
import { SimilarItems } from './similar-items';
import { ReportButton } from '@client/features/safety';
import { hasStatus } from '@client/lib/api-error';
import { CONDITION_LABELS, GENDER_LABELS, colorLabel, seasonLabel, styleLabel } from '@client/i18n/labels';
import { useFormat } from '@client/i18n/format';
import { useReturnDate, useShortReturnDate } from './use-return-date';

/**
 * The item detail view (docs/product.md (Items): what 'View' opens, reachable as /browse?highlight={id}):
 * every photo, every field, the owner with their rating, and the card's actions.
 * `tagHref` is where a tag leads (Browse filtered by it).
 */
export function ItemDetailDialog({
  itemId,
  onClose,
  tagHref,
  itemHref,
}: {
  itemId: string;
  onClose: () => void;
  tagHref: (tag: string) => string;
  /** Where a similar item leads (this view, showing that item). */
  itemHref: (id: string) => string;
}) {
  const { t } = useTranslation('items');
  const { data: item, isPending, isError, error } = useItem(itemId);
  const notFound = isError && hasStatus(error, 404, 400);
  useRecordView(item);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-5xl gap-0 overflow-y-auto p-0 max-sm:top-auto max-sm:bottom-0 max-sm:max-h-[92dvh] max-sm:w-full max-sm:translate-y-0 max-sm:rounded-b-none"
        data-testid="dialog-item-detail"
        aria-describedby={item ? 'item-detail-description' : undefined}
      >
        {item ? (
          <>
            <ItemDetail item={item} onDeleted={onClose} tagHref={tagHref} />
            <div className="border-t p-5 sm:p-6">
              <SimilarItems
                itemId={item.id}
                itemHref={itemHref}
                title={item.isActive ? t('similar.title') : t('similar.stillAvailable')}
              />
            </div>
          </>
        ) : isPending ? (
          <DetailSkeleton />
        ) : (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center" role="alert">
            <CircleAlert className="size-10 text-muted-foreground" aria-hidden="true" />
            <DialogTitle>{notFound ? t('detail.notFound') : t('detail.failed')}</DialogTitle>
            <DialogDescription>
              {notFound ? t('detail.notFoundHint') : t('detail.failedHint')}
            </DialogDescription>
            <Button variant="outline" onClick={onClose}>
              {t('detail.backToBrowsing')}
            </Button>
            {notFound ? (
              <div className="mt-6 w-full text-left">
                <SimilarItems itemId={itemId} itemHref={itemHref} title={t('similar.stillAvailable')} />
              </div>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ItemDetail({
  item,
  onDeleted,
  tagHref,
}: {
  item: ItemDetailData;
  onDeleted: () => void;
  tagHref: (tag: string) => string;
}) {
  const { t } = useTranslation('items');
  const format = useFormat();
  const returnDate = useReturnDate();
  const shortReturnDate = useShortReturnDate();
  const controls = useItemControls(item);
  const availability = AVAILABILITY_BADGES[item.availability];
  const notOfferable =
    item.availability === 'traded' || item.availability === 'reserved' ? item.availability : 'unlisted';
  const list = (values: string[]) => values.join(t('detail.listSeparator'));

  // The key names the fact's test id (text-detail-<key>) and its label in the catalogue.
  const facts: Array<[string, ReactNode]> = [
    ['category', categoryLabel(item.category)],
    ['for', GENDER_LABELS[item.gender]],
    ['style', item.style ? styleLabel(item.style) : '—'],
    ['size', item.size ?? t('detail.notApplicable')],
    ['brand', item.brand ?? t('detail.unknown')],
    ['condition', CONDITION_LABELS[item.condition]],
    ['colours', item.colors.length ? list(item.colors.map(colorLabel)) : '—'],
    ['seasons', item.seasons.length ? list(item.seasons.map(seasonLabel)) : '—'],
    ['location', item.location ?? '—'],
    [
      'town',
      item.town ? (
        <span className="inline-flex flex-wrap items-center gap-x-2">
          {townLabel(item.town)} <DistanceLabel distanceKm={item.distanceKm} />
        </span>
      ) : (
        '—'
      ),
    ],
    ['availability', availability ?? t('detail.available')],
    ['listed', format.date(item.createdAt)],
    ['favourites', format.number(item.favoriteCount)],
  ];

  return (
    <div className="grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Gallery key={item.id} item={item} />

      <div className="flex min-w-0 flex-col gap-5 p-5 sm:p-6">
        {item.owner.awayUntil && !controls.isOwner ? (
          <p
            className="mr-8 rounded-lg bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground"
            role="status"
            data-testid="text-detail-owner-away"
          >
            {t('detail.ownerAway', { name: item.owner.firstName, date: returnDate(item.owner.awayUntil) })}
          </p>
        ) : null}
        {item.isActive ? null : (
          <p className="mr-8 rounded-lg bg-muted px-3 py-2 text-sm font-medium" role="status">
            {t('detail.noLongerListed')}
          </p>
        )}
        <div className="space-y-3 pr-8">
          <div className="flex flex-wrap items-center gap-2" data-testid="badges-detail">
            <ConditionBadge condition={item.condition} className="whitespace-nowrap" />
            {item.isGiveaway ? <GiveawayBadge /> : null}
            {availability ? (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap">
                {availability}
              </span>
            ) : null}
          </div>
          <DialogTitle
            className="text-2xl font-bold tracking-tight break-words"
            data-testid="text-detail-title"
          >
            {item.title}
          </DialogTitle>
          <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="text-detail-value">
            <span className="sr-only">{t('card.estimatedValue')} </span>
            {format.money(item.estimatedValue)}
          </p>
        </div>

        <div className="flex flex-wrap items-center gap-2">
          {controls.isOwner ? (
            <>
              <ItemOwnerMenu
                item={item}
                onDeleted={onDeleted}
                label={t('detail.manageListing')}
                size="default"
                testId="button-detail-item-menu"
              />
              {controls.canSuggestForOwn ? (
                <Button onClick={controls.barter} data-testid="button-detail-barter">
                  <ArrowLeftRight aria-hidden="true" />
                  {t('detail.suggestedBarters')}
                </Button>
              ) : null}
              <WhatYouCouldGetButton item={item} />
            </>
          ) : (
            <>
              {item.isGiveaway && controls.canBarter ? (
                // A giveaway is asked for with nothing in return; a barter stays possible beside it.
                <AskForGiveaway item={item} isMember={controls.isMember} onVisitor={controls.barter} />
              ) : null}
              {controls.canBarter && !item.owner.awayUntil ? (
                <Button
                  className="flex-1 sm:flex-none"
                  onClick={controls.barter}
                  data-testid="button-detail-barter"
                >
                  <ArrowLeftRight aria-hidden="true" />
                  {t('card.barter')}
                </Button>
              ) : controls.canBarter && item.owner.awayUntil ? (
                // On holiday: Barter shows, disabled, with the return day, before anything is filled in.
                <Button className="flex-1 sm:flex-none" disabled data-testid="button-detail-barter-away">
                  <ArrowLeftRight aria-hidden="true" />
                  {t('card.awayUntil', { date: shortReturnDate(item.owner.awayUntil) })}
                </Button>
              ) : (
                <div className="w-full space-y-2">
                  <p className="text-sm text-muted-foreground" data-testid="text-detail-not-offerable">
                    {item.owner.awayUntil && controls.canBarter
                      ? t('detail.opensAgain', { date: returnDate(item.owner.awayUntil) })
                      : t(`detail.notOfferable.${notOfferable}`)}
                  </p>
                  {item.swappedFor ? <SwappedFor item={item.swappedFor} /> : null}
                </div>
              )}
              {controls.canSmartMatch ? (
                <Button
                  variant="secondary"
                  className="flex-1 sm:flex-none"
                  onClick={controls.smartMatch}
                  data-testid="button-detail-smart-match"
                >
                  <Sparkles aria-hidden="true" />
                  {t('card.smartMatch')}
                </Button>
              ) : null}
              <Button
                variant="outline"
                className="flex-1 sm:flex-none"
                onClick={controls.message}
                aria-label={t('detail.messageOwner', { name: item.owner.firstName })}
                data-testid="button-detail-message"
              >
                <MessageCircle aria-hidden="true" />
                {t('card.message')}
              </Button>
            </>
          )}
          {controls.isOwner ? null : (
            <>
              <ItemFavoriteButton
                item={item}
                controls={controls}
                className="size-10 ring-border"
                testId="button-detail-favorite"
              />
              <BookmarkButton
                itemId={item.id}
                title={item.title}
                active={controls.isBookmarked}
                onClick={controls.bookmark}
                className="size-10 ring-border"
                testId="button-detail-bookmark"
              />
            </>
          )}
          <ShareButton itemId={item.id} title={item.title} className="size-10 ring-border" />
        </div>

        {controls.isOwner && item.isGiveaway && isOpenForOffers(item) ? <GiveawayAskers item={item} /> : null}

        <DialogDescription
          id="item-detail-description"
          className="text-base whitespace-pre-line text-foreground"
          data-testid="text-detail-description"
        >
          {item.description}
        </DialogDescription>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border bg-muted/40 p-4 text-sm sm:grid-cols-3">
          {facts.map(([key, value]) => (
            <div key={key} className="min-w-0">
              <dt className="text-xs text-muted-foreground">{t(`detail.facts.${key}`)}</dt>
              <dd className="font-medium break-words" data-testid={`text-detail-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>

        {item.tags.length ? (
          <div className="space-y-2">
            <h3 className="text-sm font-medium">{t('detail.tags')}</h3>
            <ul className="flex flex-wrap gap-1.5">
              {item.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    href={tagHref(tag)}
                    className="inline-flex rounded-full bg-secondary px-2.5 py-1 text-sm text-secondary-foreground transition-colors hover:bg-primary hover:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    data-testid={`link-tag-${tag}`}
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <OwnerPanel item={item} isOwner={controls.isOwner} />
        <ReportButton
          target={{ type: 'item', id: item.id, label: item.title }}
          ownerId={item.userId}
          label={t('detail.report')}
          className="-ml-3 self-start text-muted-foreground"
          testId="button-report-item"
        />
      </div>
    </div>
  );
}

function Gallery({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const [index, setIndex] = useState(0);
  const count = item.images.length;
  const current = item.images[Math.min(index, Math.max(count - 1, 0))];
  const step = (delta: number) => setIndex((value) => (value + delta + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="min-w-0 space-y-3 bg-muted/40 p-3 sm:p-4 md:rounded-l-xl">
      <div
        className="relative aspect-[4/5] overflow-hidden rounded-lg bg-muted"
        role="group"
        aria-roledescription={t('gallery.role')}
        aria-label={t('gallery.label', { title: item.title })}
        onKeyDown={onKeyDown}
      >
        <ItemImage
          item={item}
          src={current}
          width={1200}
          priority
          alt={count ? t('gallery.photoAlt', { title: item.title, position: index + 1, count }) : item.title}
        />
        {count > 1 ? (
          <>
            <GalleryArrow side="left" onClick={() => step(-1)} />
            <GalleryArrow side="right" onClick={() => step(1)} />
            <span
              className="absolute right-2 bottom-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white tabular-nums"
              aria-live="polite"
            >
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('gallery.choose')}>
          {item.images.map((url, position) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={t('gallery.show', { position: position + 1 })}
                aria-current={position === index ? 'true' : undefined}
                className={cn(
                  'block w-16 overflow-hidden rounded-md border-2 transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  position === index ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100',
                )}
                data-testid={`button-photo-${position}`}
              >
                <ItemImage item={item} src={url} className="aspect-[4/5]" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function GalleryArrow({ side, onClick }: { side: 'left' | 'right'; onClick: () => void }) {
  const { t } = useTranslation('items');
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={side === 'left' ? t('gallery.previous') : t('gallery.next')}
      className={cn(
        'absolute top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-card/90 shadow-md transition-colors hover:bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        side === 'left' ? 'left-2' : 'right-2',
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}

function OwnerPanel({ item, isOwner }: { item: Item; isOwner: boolean }) {
  const { t } = useTranslation('items');
  const { owner } = item;
  const name = [owner.firstName, owner.lastName].filter(Boolean).join(' ');
  const profileHref = `/profile?user=${owner.id}`;

  return (
    <section
      aria-label={t('owner.label')}
      className="flex items-center gap-3 rounded-xl border p-4"
      data-testid="section-detail-owner"
    >
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground"
      >
        {owner.firstName.charAt(0).toUpperCase()}
        {owner.lastName?.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold" data-testid="text-detail-owner">
          {isOwner ? t('owner.you', { name }) : name}
        </p>
        <OwnerRating rating={owner.averageRating} reviews={owner.reviewCount} />
      </div>
      {/* Public profiles are open to visitors too (docs/product.md, Visitors). */}
      <Button asChild variant="outline" size="sm">
        <Link href={profileHref} data-testid="link-owner-profile">
          {t('owner.viewProfile')}
        </Link>
      </Button>
    </section>
  );
}

function OwnerRating({ rating, reviews }: { rating: number | null; reviews: number }) {
  const { t } = useTranslation('items');
  const format = useFormat();
  if (rating === null || reviews === 0) {
    return <p className="text-sm text-muted-foreground">{t('owner.noReviews')}</p>;
  }
  const { full, half, empty } = starParts(rating);
  return (
    <p
      className="flex items-center gap-1.5 text-sm text-muted-foreground"
      data-testid="text-detail-owner-rating"
    >
      <span className="flex text-amber-500" aria-hidden="true">
        {Array.from({ length: full }, (_, index) => (
          <Star key={`full-${index}`} className="size-4 fill-current" />
        ))}
        {half ? <StarHalf className="size-4 fill-current" /> : null}
        {Array.from({ length: empty }, (_, index) => (
          <Star key={`empty-${index}`} className="size-4 text-muted-foreground/40" />
        ))}
      </span>
      <span>
        <span className="font-medium text-foreground">
          {format.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </span>
        <span className="sr-only"> {t('owner.outOfFive')}</span> {t('owner.reviews', { count: reviews })}
      </span>
    </p>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation('items');
  return (
    <div className="grid md:grid-cols-2" role="status" aria-label={t('detail.loading')}>
      <DialogTitle className="sr-only">{t('detail.loading')}</DialogTitle>
      <div className="p-4">
        <Skeleton className="aspect-[4/5] w-full rounded-lg" />
      </div>
      <div className="space-y-4 p-6">
        <Skeleton className="h-5 w-20" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-9 w-28" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}

/** A swapped item's record: what its owner received for it, linking to that item. */
function SwappedFor({ item }: { item: NonNullable<ItemDetailData['swappedFor']> }) {
  const { t } = useTranslation('items');
  return (
    <Link
      href={`/browse?highlight=${item.id}`}
      className="flex items-center gap-3 rounded-lg border bg-muted/40 p-2 pr-4 transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-testid="link-detail-swapped-for"
    >
      {item.image ? (
        <img src={item.image} alt="" className="size-12 shrink-0 rounded-md object-cover" />
      ) : (
        <span className="size-12 shrink-0 rounded-md bg-muted" aria-hidden="true" />
      )}
      <span className="min-w-0 text-sm">
        <span className="block text-muted-foreground">{t('detail.swappedFor')}</span>
        <span className="block truncate font-medium">{item.title}</span>
      </span>
    </Link>
  );
}
