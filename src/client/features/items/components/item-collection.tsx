import type { Item } from '@common/api/items';
import { type ComponentType, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@client/lib/utils';
import { EAGER_COUNT } from './item-image';

export interface ItemCollectionProps {
  items: readonly Item[];
  loading?: boolean;
  skeletons?: number;
  className?: string;
  testId?: string;
}

/**
 * Items laid out by `layoutClasses`, one `Entry` each, or `skeletons` placeholders while the first
 * page loads. The grid of cards and the list of rows are this with their own entry and placeholder.
 */
export function ItemCollection({
  items,
  loading = false,
  skeletons = 8,
  className,
  testId,
  layoutClasses,
  Entry,
  Placeholder,
}: ItemCollectionProps & {
  layoutClasses: string;
  Entry: ComponentType<{ item: Item; priority: boolean }>;
  Placeholder: ComponentType;
}) {
  const { t } = useTranslation('items');
  const shown = useDeferredItems(items, loading);
  if (shown === null) {
    return (
      <div
        className={cn(layoutClasses, className)}
        role="status"
        aria-label={t('collection.loading')}
        data-testid={testId ? `${testId}-loading` : undefined}
      >
        {Array.from({ length: skeletons }, (_, index) => (
          <Placeholder key={index} />
        ))}
      </div>
    );
  }
  return (
    <ul className={cn(layoutClasses, className)} data-testid={testId}>
      {shown.map((item, index) => (
        <li key={item.id}>
          <Entry item={item} priority={index < EAGER_COUNT} />
        </li>
      ))}
    </ul>
  );
}

/** How many items the first pass renders: the first screen, even four to a row. */
const FIRST_PASS = 8;

/**
 * The items to render, or null for the skeletons. Cards are rendered in deferred (interruptible)
 * passes, the first screen's worth first and the rest once that is on screen, instead of one long
 * task blocking the main thread while a whole page of cards renders (on a phone, Total Blocking
 * Time and the first photo's paint). Items already there when the list mounts (Browse asks for
 * them before the app's first render) show their first screen with it, without skeletons first.
 */
function useDeferredItems(items: readonly Item[], loading: boolean): readonly Item[] | null {
  const value = loading ? null : items;
  const shown = useDeferredValue(value, value?.slice(0, FIRST_PASS) ?? null);
  const [complete, setComplete] = useState(false);
  const partial = shown !== null && !complete && shown.length > FIRST_PASS;
  useEffect(() => {
    if (partial) startTransition(() => setComplete(true));
  }, [partial]);
  if (shown === null) return null;
  return partial ? shown.slice(0, FIRST_PASS) : shown;
}
