import { clearPanelFilters, DEFAULT_ITEM_FILTERS, withCategory } from '@common/domain/item-filters';
import type { CategoryFilterId } from '@common/domain/taxonomy';
import { MAX_SEARCH_LENGTH } from '@common/domain/limits';
import { LayoutGrid, List, Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import {
  CategoryRow,
  type FilterPanelMode,
  loadFilterPanel,
  loadItemDetailDialog,
  ItemResults,
  type ItemsView,
  SortSelect,
  useDebouncedText,
  useItemFacets,
  useItemsInfinite,
  useUrlFilters,
} from '@client/features/items';
import { loadSaveSearchButton } from '@client/features/saved-searches';
import { useTown } from '@client/features/towns';
import { cn } from '@client/lib/utils';
import { useDocumentMeta } from '@client/lib/document-meta';
import { useAuth } from '@client/lib/session';
import { activeFilterChips } from '@client/i18n/labels';
import { useFormat } from '@client/i18n/format';

/*
 * The filter panel (sliders, checkboxes) loads when the pointer or focus reaches 'Filters', and
 * the detail view (?highlight={id}) when first opened: neither is on screen when Browse opens.
 */
const FilterPanel = lazy(() => loadFilterPanel().then((module) => ({ default: module.FilterPanel })));
/** 'Save this search' and its dialog: members only, so not in the first bundle every visitor loads. */
const SaveSearchButton = lazy(() =>
  loadSaveSearchButton().then((module) => ({ default: module.SaveSearchButton })),
);
/** The phone's filter sheet: fetched with the panel, mounted from its first opening on. */
const loadFilterSheet = () => import('./browse-filter-sheet');
const FilterSheet = lazy(() => loadFilterSheet().then((module) => ({ default: module.BrowseFilterSheet })));
const loadFilters = () => {
  void loadFilterPanel();
  void loadFilterSheet();
};
const ItemDetailDialog = lazy(() =>
  loadItemDetailDialog().then((module) => ({ default: module.ItemDetailDialog })),
);

/** As docs/product.md (Screens) has it: twelve skeleton cards while Browse loads. */
const BROWSE_SKELETONS = 12;
const FILTER_PANEL_ID = 'browse-filters';

/** Below Tailwind's `sm` the filters open as a full-screen sheet instead of a panel in the page. */
const PHONE_QUERY = '(max-width: 639.98px)';
function subscribePhone(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
function useIsPhone() {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/**
 * /browse (docs/product.md, Screens): search, filters, sort, grid or list, category strip and the item
 * list, paged with 'Load more'. Every filter lives in the URL; ?highlight={id} opens the item
 * detail view over the page.
 */
export function BrowsePage() {
  const { t } = useTranslation('browse');
  const format = useFormat();
  useDocumentMeta(t('meta.title'), t('meta.description'));
  const { filters, highlight, setFilters, hrefFor, closeDetail } = useUrlFilters();
  const { isAuthenticated, user } = useAuth();
  // The distance chip names its town ('Within 10 km of Boulogne-Billancourt') once it is loaded.
  const nearTown = useTown(filters.withinKm === undefined ? undefined : filters.near);
  const chips = activeFilterChips(filters, nearTown.data?.name);
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelMode, setPanelMode] = useState<FilterPanelMode>('basic');
  const [view, setView] = useState<ItemsView>('grid');
  const isPhone = useIsPhone();
  // Once the sheet has opened it stays mounted, so that closing it can animate.
  const [sheetUsed, setSheetUsed] = useState(false);
  if (panelOpen && isPhone && !sheetUsed) setSheetUsed(true);
  // A member with a town sees how far each item is (and can sort by distance) without choosing "Near me".
  const listFilters =
    filters.near === undefined && user?.townId ? { ...filters, near: user.townId } : filters;
  const items = useItemsInfinite(listFilters);
  const facets = useItemFacets(filters);
  const filterPanel = (inSheet: boolean) => (
    <Suspense fallback={null}>
      <FilterPanel
        showClear={!inSheet}
        id={FILTER_PANEL_ID}
        filters={filters}
        onChange={setFilters}
        onClear={() => setFilters(clearPanelFilters(filters))}
        facets={facets.data}
        mode={panelMode}
        onModeChange={setPanelMode}
      />
    </Suspense>
  );
  const matching = facets.data && { count: facets.data.total, capped: facets.data.totalIsCapped };

  const total = items.data?.pages[0]?.total ?? 0;
  const totalIsCapped = items.data?.pages[0]?.totalIsCapped ?? false;
  const correctedSearch = items.data?.pages[0]?.correctedSearch;
  const categoryCounts = facets.data
    ? ({ '': facets.data.categories.all, ...facets.data.categories } as Partial<
        Record<CategoryFilterId, number>
      >)
    : undefined;

  return (
    <PageContainer className="space-y-6 py-8 sm:py-10">
      <PageHeader title={t('header.title')} description={t('header.description')} />

      <div className="flex flex-wrap items-center gap-2 sm:gap-3">
        <BrowseSearch value={filters.search} onCommit={(search) => setFilters({ ...filters, search })} />
        <Button
          variant={panelOpen ? 'secondary' : 'outline'}
          aria-expanded={panelOpen}
          aria-controls={FILTER_PANEL_ID}
          onPointerEnter={loadFilters}
          onFocus={loadFilters}
          onClick={() => setPanelOpen((open) => !open)}
          data-testid="button-filters"
        >
          <SlidersHorizontal aria-hidden="true" />
          {t('filters.button')}
          {chips.length > 0 ? (
            <span
              className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
              data-testid="badge-filter-count"
            >
              <span className="sr-only">(</span>
              {chips.length}
              <span className="sr-only"> {t('filters.active')})</span>
            </span>
          ) : null}
        </Button>
        <SortSelect filters={filters} onChange={setFilters} />
        <div
          role="group"
          aria-label={t('layout.label')}
          className="inline-flex rounded-md border bg-card p-0.5 shadow-xs"
        >
          <ViewButton current={view} value="grid" onSelect={setView} />
          <ViewButton current={view} value="list" onSelect={setView} />
        </div>
        {isAuthenticated ? (
          <Suspense fallback={null}>
            <SaveSearchButton filters={filters} />
          </Suspense>
        ) : null}
      </div>

      {panelOpen && !isPhone ? filterPanel(false) : null}

      {/* On phones: the same filters as a full-screen sheet, closed by 'Show N results'. */}
      {sheetUsed ? (
        <Suspense fallback={null}>
          <FilterSheet
            open={panelOpen && isPhone}
            onOpenChange={setPanelOpen}
            onClear={() => setFilters(clearPanelFilters(filters))}
            matching={matching}
            sort={
              <SortSelect
                filters={filters}
                onChange={setFilters}
                id="sheet-sort"
                testId="select-sheet-sort"
                wide
              />
            }
          >
            {filterPanel(true)}
          </FilterSheet>
        </Suspense>
      ) : null}

      {chips.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
          <span className="text-sm font-medium text-muted-foreground">{t('filters.activeFilters')}</span>
          {chips.map((chip) => (
            <button
              key={chip.id}
              type="button"
              onClick={() => setFilters(chip.without)}
              aria-label={t('filters.removeChip', { label: chip.label })}
              className="inline-flex items-center gap-1 rounded-full border border-primary/30 bg-secondary py-1 pr-1.5 pl-3 text-sm font-medium text-secondary-foreground transition-colors hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              data-testid={`chip-filter-${chip.id}`}
            >
              {chip.label}
              <X className="size-3.5" aria-hidden="true" />
            </button>
          ))}
          <Button
            variant="link"
            size="sm"
            className="h-auto px-1"
            onClick={() => setFilters(clearPanelFilters(filters))}
            data-testid="button-clear-chips"
          >
            {t('filters.clearAll')}
          </Button>
        </div>
      ) : null}

      <CategoryRow
        value={filters.category}
        onChange={(category) => setFilters(withCategory(filters, category))}
        counts={categoryCounts}
      />

      {/* The cards' titles are h3s: this keeps the heading levels in order for assistive tech. */}
      <h2 className="sr-only">{t('results.heading')}</h2>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="text-result-count">
        {items.isPending
          ? t('results.loading')
          : items.isError
            ? t('results.failed')
            : total === 0
              ? t('results.none')
              : totalIsCapped
                ? t('results.foundCapped', { total: format.number(total) })
                : t('results.found', { count: total })}
      </p>
      {correctedSearch && !items.isPending && !items.isError ? (
        <p className="-mt-4 text-sm" data-testid="text-search-corrected">
          <Trans
            t={t}
            i18nKey="results.corrected"
            values={{ search: correctedSearch }}
            components={{ strong: <strong className="font-semibold" /> }}
          />
        </p>
      ) : null}

      <ItemResults
        query={items}
        view={view}
        skeletons={BROWSE_SKELETONS}
        testId={view === 'list' ? 'list-browse' : 'grid-browse'}
        empty={
          <div
            className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/40 px-6 py-16 text-center"
            data-testid="empty-browse"
          >
            <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <SearchX className="size-7" aria-hidden="true" />
            </span>
            <h2 className="text-lg font-semibold">{t('results.none')}</h2>
            <p className="max-w-sm text-muted-foreground">{t('results.noneHint')}</p>
            {chips.length > 0 || filters.search || filters.category ? (
              <Button
                variant="outline"
                onClick={() => setFilters({ ...DEFAULT_ITEM_FILTERS, sortBy: filters.sortBy })}
              >
                {t('results.reset')}
              </Button>
            ) : null}
          </div>
        }
      />

      {highlight ? (
        <Suspense fallback={null}>
          <ItemDetailDialog
            key={highlight}
            itemId={highlight}
            onClose={closeDetail}
            tagHref={(tag) => hrefFor({ ...DEFAULT_ITEM_FILTERS, tags: [tag] })}
            itemHref={(id) => hrefFor(filters, id)}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}

function BrowseSearch({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const { t } = useTranslation('browse');
  const { draft, setDraft, flush } = useDebouncedText(value, onCommit);
  return (
    <form
      role="search"
      className="relative order-first w-full sm:order-none sm:w-auto sm:min-w-64 sm:flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
    >
      <label htmlFor="browse-search" className="sr-only">
        {t('search.label')}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        id="browse-search"
        type="search"
        enterKeyHint="search"
        value={draft}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={t('search.placeholder')}
        className="h-10 w-full rounded-md border border-input bg-card pr-3 pl-9 text-base shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none md:text-sm"
        data-testid="input-browse-search"
      />
    </form>
  );
}

function ViewButton({
  current,
  value,
  onSelect,
}: {
  current: ItemsView;
  value: ItemsView;
  onSelect: (view: ItemsView) => void;
}) {
  const { t } = useTranslation('browse');
  const Icon = value === 'grid' ? LayoutGrid : List;
  const active = current === value;
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={t(`layout.${value}`)}
      title={t(`layout.${value}`)}
      onClick={() => onSelect(value)}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        active
          ? 'bg-primary text-primary-foreground'
          : 'text-muted-foreground hover:bg-accent hover:text-foreground',
      )}
      data-testid={`button-view-${value}`}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}
