import type { CategoryFilterId, SortBy } from '@common/domain/taxonomy';
import { ArrowRight, CircleAlert, Shirt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { SHOWCASE_SIZE, useShowcaseItems } from '../api';
import { ItemGrid } from './item-grid';
import { CATEGORY_ROW } from '@client/i18n/labels';

/**
 * The item grid of the home pages: 'Trending Items' for visitors (the 'trending' order: the last
 * 7 days' views and favourites) and 'Latest Additions' for members (newest), each the first 8 items
 * of the selected category row entry (docs/product.md, Items).
 */
export function ItemsShowcase({
  id,
  title,
  description,
  category,
  sortBy,
}: {
  id: string;
  title: string;
  description: string;
  category: CategoryFilterId;
  sortBy?: SortBy;
}) {
  const { t } = useTranslation('items');
  const categoryLabel = CATEGORY_ROW.find((entry) => entry.id === category)?.label;
  const { data, isPending, isError } = useShowcaseItems(category, sortBy);
  const browseParams = new URLSearchParams();
  if (category) browseParams.set('category', category);
  if (sortBy) browseParams.set('sortBy', sortBy);
  const browseHref = browseParams.size ? `/browse?${browseParams}` : '/browse';

  return (
    <section id={id} aria-labelledby={`${id}-heading`} data-testid={`section-${id}`} className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="text-muted-foreground">
            {category ? t('showcase.showing', { category: categoryLabel }) : description}
          </p>
        </div>
        <Button asChild variant="link" className="h-auto px-0">
          <Link href={browseHref} data-testid={`link-${id}-view-all`}>
            {t('showcase.viewAll')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {isError ? (
        <ShowcaseMessage icon="error" title={t('results.failed')} text={t('showcase.retrySoon')} />
      ) : !isPending && data.items.length === 0 ? (
        <ShowcaseMessage
          icon="empty"
          title={category ? t('showcase.emptyCategory', { category: categoryLabel }) : t('showcase.empty')}
          text={t('showcase.emptyHint')}
        />
      ) : (
        <ItemGrid
          items={data?.items ?? []}
          loading={isPending}
          skeletons={SHOWCASE_SIZE}
          testId={`grid-${id}`}
        />
      )}
    </section>
  );
}

function ShowcaseMessage({ icon, title, text }: { icon: 'empty' | 'error'; title: string; text: string }) {
  const Icon = icon === 'error' ? CircleAlert : Shirt;
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/50 px-6 py-14 text-center"
      role={icon === 'error' ? 'alert' : undefined}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
