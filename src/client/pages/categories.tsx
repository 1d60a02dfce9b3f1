import type { ItemFacets } from '@common/api/items';
import { DEFAULT_ITEM_FILTERS, itemFiltersToParams } from '@common/domain/item-filters';
import {
  CATEGORY_FILTER_IDS,
  ITEM_CATEGORIES,
  type CategoryFilterId,
  type Gender,
  type ItemCategory,
  type Subcategory,
} from '@common/domain/taxonomy';
import { ArrowLeft, Footprints, LayoutGrid, Mars, Shirt, Venus, Watch, type LucideIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { ItemResults, useItemFacets, useItemsInfinite } from '@client/features/items';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { useDocumentMeta } from '@client/lib/document-meta';
import { SUBCATEGORY_TREE, categoryLabel } from '@client/i18n/labels';

/** A card's name and description are `categories.cards.<id or 'all'>` in the browse catalogue. */
interface CategoryCard {
  id: CategoryFilterId;
  icon: LucideIcon;
  tint: string;
}

/** docs/product.md (Screens): Category page: the six cards, each with a description. */
const CATEGORY_CARDS: readonly CategoryCard[] = [
  {
    id: '',
    icon: LayoutGrid,
    tint: 'from-teal-100 to-cyan-50 text-teal-700',
  },
  {
    id: 'clothing',
    icon: Shirt,
    tint: 'from-sky-100 to-indigo-50 text-indigo-700',
  },
  {
    id: 'shoes',
    icon: Footprints,
    tint: 'from-orange-100 to-amber-50 text-orange-700',
  },
  {
    id: 'accessories',
    icon: Watch,
    tint: 'from-violet-100 to-fuchsia-50 text-violet-700',
  },
  {
    id: 'women',
    icon: Venus,
    tint: 'from-rose-100 to-pink-50 text-rose-700',
  },
  {
    id: 'men',
    icon: Mars,
    tint: 'from-emerald-100 to-lime-50 text-emerald-700',
  },
];

/** As docs/product.md (Screens) has it: eight skeleton cards while the category's items load. */
const CATEGORY_SKELETONS = 8;

/**
 * /categories (docs/product.md, Screens). The selection lives in the URL (?category=shoes), so it
 * survives a reload and the back button; no selection shows every item under 'All Items'.
 */
export function CategoriesPage() {
  const { t } = useTranslation('browse');
  useDocumentMeta(t('categories.meta.title'), t('categories.meta.description'));
  const search = useSearch();
  const [location, navigate] = useLocation();
  const selected = useMemo(() => {
    const value = new URLSearchParams(search).get('category');
    return CATEGORY_FILTER_IDS.find((id) => id !== '' && id === value) ?? null;
  }, [search]);
  const select = (id: CategoryFilterId) =>
    navigate(id ? `${location}?category=${id}` : location, { replace: true });

  const facets = useItemFacets(DEFAULT_ITEM_FILTERS);
  const filters = useMemo(() => ({ ...DEFAULT_ITEM_FILTERS, category: selected ?? '' }), [selected]);
  const items = useItemsInfinite(filters);
  const card = CATEGORY_CARDS.find((entry) => entry.id === (selected ?? '')) ?? CATEGORY_CARDS[0];
  const total = items.data?.pages[0]?.total;
  const totalIsCapped = items.data?.pages[0]?.totalIsCapped ?? false;
  const format = useFormat();
  const cardKey = (id: CategoryFilterId) => `categories.cards.${id || 'all'}`;
  const cardLabel = card ? t(`${cardKey(card.id)}.label`) : '';
  const countOf = (id: CategoryFilterId) => (facets.data ? facets.data.categories[id || 'all'] : undefined);

  return (
    <PageContainer className="space-y-10 py-8 sm:py-10">
      <PageHeader title={t('categories.header.title')} description={t('categories.header.description')} />

      <ul
        className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-6"
        aria-label={t('categories.listLabel')}
      >
        {CATEGORY_CARDS.map((entry) => {
          const active = (selected ?? '') === entry.id;
          const count = countOf(entry.id);
          const Icon = entry.icon;
          return (
            <li key={entry.id || 'all'}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => select(entry.id)}
                className={cn(
                  'group flex h-full w-full flex-col gap-3 rounded-xl border bg-card p-4 text-left shadow-xs transition-all',
                  'hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                  active ? 'border-primary ring-2 ring-primary' : 'hover:border-primary/40',
                )}
                data-testid={`card-category-${entry.id || 'all'}`}
              >
                <div className="flex items-start justify-between gap-2">
                  <span
                    className={cn(
                      'flex size-11 items-center justify-center rounded-xl bg-gradient-to-br',
                      entry.tint,
                    )}
                  >
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  {count === undefined ? (
                    facets.isError ? null : (
                      <Skeleton className="h-5 w-9 rounded-full" />
                    )
                  ) : (
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                        active
                          ? 'bg-primary text-primary-foreground'
                          : 'bg-secondary text-secondary-foreground',
                      )}
                      data-testid={`badge-category-count-${entry.id || 'all'}`}
                    >
                      {count}
                      <span className="sr-only"> {t('categories.items')}</span>
                    </span>
                  )}
                </div>
                <div className="space-y-1">
                  <p className="font-semibold">{t(`${cardKey(entry.id)}.label`)}</p>
                  <p className="text-sm text-muted-foreground">{t(`${cardKey(entry.id)}.description`)}</p>
                </div>
              </button>
            </li>
          );
        })}
      </ul>

      <CategoryTree
        categories={
          selected && (ITEM_CATEGORIES as readonly string[]).includes(selected)
            ? [selected as ItemCategory]
            : ITEM_CATEGORIES
        }
        facets={facets.data}
      />

      <section aria-labelledby="category-items-heading" className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="space-y-1">
            <h2
              id="category-items-heading"
              className="text-2xl font-bold tracking-tight"
              data-testid="text-category-heading"
            >
              {cardLabel}
            </h2>
            <p className="text-muted-foreground" aria-live="polite" data-testid="text-category-count">
              {total === undefined
                ? t('results.loading')
                : totalIsCapped
                  ? t('categories.availableCapped', { total: format.number(total) })
                  : t('categories.available', { count: total })}
            </p>
          </div>
          {selected ? (
            <Button asChild variant="link" className="h-auto px-0">
              <Link href={location} replace data-testid="link-view-all-categories">
                <ArrowLeft aria-hidden="true" />
                {t('categories.viewAll')}
              </Link>
            </Button>
          ) : null}
        </div>

        <ItemResults
          query={items}
          skeletons={CATEGORY_SKELETONS}
          testId="grid-category"
          compact
          empty={
            <div
              className="rounded-xl border border-dashed bg-muted/40 px-6 py-14 text-center text-muted-foreground"
              data-testid="empty-category"
            >
              {selected ? t('categories.emptyCategory', { category: cardLabel }) : t('categories.empty')}
            </div>
          }
        />
      </section>
    </PageContainer>
  );
}

/** Each department's link under a category reads `categories.tree.departments.<gender>.<category>`. */
const DEPARTMENTS: readonly Gender[] = ['women', 'men', 'kids'];

function browseHref(category: ItemCategory, change: { subcategory?: Subcategory; gender?: Gender }) {
  const query = itemFiltersToParams({
    ...DEFAULT_ITEM_FILTERS,
    category,
    subcategory: change.subcategory ? [change.subcategory] : [],
    gender: change.gender ? [change.gender] : [],
  });
  return `/browse?${query.toString()}`;
}

/**
 * The category tree (docs/product.md § Taxonomy): each category's types with how many items each
 * holds, and the category by department (women's shoes), each a link to Browse with that filter.
 */
function CategoryTree({
  categories,
  facets,
}: {
  categories: readonly ItemCategory[];
  facets: ItemFacets | undefined;
}) {
  const { t } = useTranslation('browse');
  const countOf = (id: string) => facets?.subcategories.find((entry) => entry.value === id)?.count ?? 0;
  return (
    <section aria-labelledby="category-tree-heading" className="space-y-4">
      <h2 id="category-tree-heading" className="text-xl font-bold tracking-tight">
        {t('categories.tree.heading')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {categories.map((category) => (
          <nav
            key={category}
            aria-label={t('categories.tree.types', { category: categoryLabel(category) })}
            className="space-y-3 rounded-xl border bg-card p-4"
            data-testid={`tree-${category}`}
          >
            <h3 className="font-semibold">{categoryLabel(category)}</h3>
            <ul className="flex flex-wrap gap-2">
              {SUBCATEGORY_TREE[category].map((entry) => (
                <li key={entry.id}>
                  <Link
                    href={browseHref(category, { subcategory: entry.id })}
                    className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    data-testid={`link-subcategory-${entry.id}`}
                  >
                    {entry.label}
                    {facets ? (
                      <span className="text-xs text-muted-foreground tabular-nums">
                        <span className="sr-only">(</span>
                        {countOf(entry.id)}
                        <span className="sr-only"> {t('categories.items')})</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
              {DEPARTMENTS.map((gender) => (
                <Link
                  key={gender}
                  href={browseHref(category, { gender })}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  data-testid={`link-department-${category}-${gender}`}
                >
                  {t(`categories.tree.departments.${gender}.${category}`)}
                </Link>
              ))}
            </p>
          </nav>
        ))}
      </div>
    </section>
  );
}
