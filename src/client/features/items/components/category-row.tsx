import { type CategoryFilterId } from '@common/domain/taxonomy';
import { Footprints, LayoutGrid, Mars, Shirt, Venus, Watch, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@client/lib/utils';
import { CATEGORY_ROW } from '@client/i18n/labels';

const CATEGORY_ICONS: Record<CategoryFilterId, LucideIcon> = {
  '': LayoutGrid,
  clothing: Shirt,
  shoes: Footprints,
  accessories: Watch,
  women: Venus,
  men: Mars,
};

/**
 * docs/product.md (Items): category filter row: All Items, Clothing, Shoes, Accessories, Women, Men. With
 * `counts` (from the facets endpoint) each entry shows how many items it holds.
 */
export function CategoryRow({
  value,
  onChange,
  counts,
  className,
}: {
  value: CategoryFilterId;
  onChange: (category: CategoryFilterId) => void;
  counts?: Partial<Record<CategoryFilterId, number>>;
  className?: string;
}) {
  const { t } = useTranslation('items');
  return (
    <div
      role="group"
      aria-label={t('categoryRow.label')}
      className={cn(
        '-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0',
        className,
      )}
    >
      {CATEGORY_ROW.map(({ id, label }) => {
        const Icon = CATEGORY_ICONS[id];
        const selected = value === id;
        return (
          <button
            key={id || 'all'}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(id)}
            data-testid={`button-category-${id || 'all'}`}
            className={cn(
              'relative inline-flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition-colors',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
              selected
                ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                : 'border-border bg-card text-foreground hover:border-primary/40 hover:bg-accent',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
            {counts?.[id] !== undefined ? (
              <span
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  selected ? 'bg-primary-foreground text-primary' : 'bg-muted text-muted-foreground',
                )}
              >
                <span className="sr-only">(</span>
                {counts[id]}
                <span className="sr-only"> {t('filters.countItems')})</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
