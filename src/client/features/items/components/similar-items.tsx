import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { useSimilarItems } from '../api';
import { ITEM_DETAIL_STATE } from '../use-item-controls';
import { ItemImage } from './item-image';

/**
 * The "Similar items" row of the item detail view: listed items like this one, each saying why.
 * A traded, withdrawn or removed item shows it in its place, so its page is never a dead end.
 */
export function SimilarItems({
  itemId,
  itemHref,
  title,
}: {
  itemId: string;
  itemHref: (id: string) => string;
  title?: string;
}) {
  const { t } = useTranslation('items');
  const format = useFormat();
  const similar = useSimilarItems(itemId);
  if (similar.isError || (similar.data && similar.data.length === 0)) return null;
  const headingId = `similar-${itemId}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3" data-testid="section-similar-items">
      <h3 id={headingId} className="text-lg font-semibold">
        {title ?? t('similar.title')}
      </h3>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2" aria-busy={similar.isPending}>
        {similar.isPending
          ? Array.from({ length: 4 }, (_, index) => (
              <li key={index} className="w-36 shrink-0 sm:w-40">
                <Skeleton className="aspect-[4/5] w-full rounded-lg" />
              </li>
            ))
          : similar.data.map(({ item, reasons }) => (
              <li
                key={item.id}
                className="w-36 shrink-0 snap-start sm:w-40"
                data-testid={`card-similar-${item.id}`}
              >
                <Link
                  href={itemHref(item.id)}
                  state={ITEM_DETAIL_STATE}
                  className="group grid gap-1.5 rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <ItemImage item={item} className="aspect-[4/5] rounded-lg" />
                  <span className="line-clamp-2 text-sm font-medium break-words group-hover:underline">
                    {item.title}
                  </span>
                  <span className="text-sm font-semibold tabular-nums">
                    {format.money(item.estimatedValue)}
                  </span>
                </Link>
                {reasons.length ? (
                  <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('similar.why')}>
                    {reasons.slice(0, 3).map((reason) => (
                      <li
                        key={reason}
                        className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground"
                      >
                        {reason}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
      </ul>
    </section>
  );
}
