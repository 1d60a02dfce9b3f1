import type { ItemFacets } from '@common/api/items';
import { PRICE_SLIDER, toggleValue, type ItemFilterState } from '@common/domain/item-filters';
import {
  AVAILABILITY,
  COLORS,
  CONDITIONS,
  DATE_FILTERS,
  GENDERS,
  SEASONS,
  SELLER_RATINGS,
  SUBCATEGORIES,
  itemCategoryOf,
  subcategoriesOf,
} from '@common/domain/taxonomy';
import { groupSizes, LETTER_SIZES } from '@common/domain/size-options';
import { SlidersHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Slider } from '@client/components/ui/slider';
import { ToggleChip } from '@client/components/ui/toggle-chip';
import { cn } from '@client/lib/utils';
import { useCommunity } from '@client/lib/community';
import { NearFilter } from '@client/features/towns';
import { useTranslation } from 'react-i18next';
import { useDebouncedText } from '../use-url-filters';
import {
  AVAILABILITY_LABELS,
  formatPriceBound,
  CONDITION_LABELS,
  DATE_FILTER_LABELS,
  GENDER_LABELS,
  SELLER_RATING_LABELS,
  SUBCATEGORY_LABELS,
  colorLabel,
  seasonLabel,
  sizeSystemLabel,
} from '@client/i18n/labels';

export type FilterPanelMode = 'basic' | 'advanced';

const ANY = 'any';

/**
 * docs/product.md (Items): 'Advanced Filters' panel with 'Clear All' and a Basic/Advanced toggle. Basic:
 * type (subcategory), department, condition, size, brand, price range; Advanced: availability,
 * seller rating, posted date, location, colours, seasons. Counts beside types, conditions and sizes
 * come from the facets, and the sizes offered are those the listings of the chosen category have.
 */
export function FilterPanel({
  id,
  filters,
  onChange,
  onClear,
  facets,
  mode,
  onModeChange,
  showClear = true,
}: {
  id: string;
  filters: ItemFilterState;
  onChange: (next: ItemFilterState) => void;
  onClear: () => void;
  facets: ItemFacets | undefined;
  mode: FilterPanelMode;
  onModeChange: (mode: FilterPanelMode) => void;
  /** 'Clear All' in the panel's head; the phone sheet has its own in its footer (one reset). */
  showClear?: boolean;
}) {
  const { t } = useTranslation('items');
  const set = (change: Partial<ItemFilterState>) => onChange({ ...filters, ...change });
  const countIn = (list: Array<{ value: string; count: number }> | undefined, value: string) =>
    list ? (list.find((entry) => entry.value === value)?.count ?? 0) : undefined;
  const itemCategory = itemCategoryOf(filters.category);
  // Under a category, its whole subtree; otherwise the types that have listings (and any chosen).
  const types = itemCategory
    ? subcategoriesOf(itemCategory)
    : SUBCATEGORIES.filter(
        (entry) => filters.subcategory.includes(entry) || (countIn(facets?.subcategories, entry) ?? 1) > 0,
      );
  // Exactly the sizes listed under the chosen filters (facets), plus any chosen, grouped by system.
  const sizeGroups = groupSizes(
    [...(facets ? facets.sizes.map((entry) => entry.value) : LETTER_SIZES), ...filters.size],
    itemCategory,
    useCommunity()?.country,
  );
  const showBasic = mode !== 'advanced';

  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="space-y-5 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
      data-testid="panel-filters"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
          <SlidersHorizontal className="size-5 text-primary" aria-hidden="true" />
          {t('filters.heading')}
        </h2>
        <div className="flex items-center gap-2">
          <div role="group" aria-label={t('filters.set')} className="inline-flex rounded-lg bg-muted p-1">
            {(['basic', 'advanced'] as const).map((entry) => (
              <button
                key={entry}
                type="button"
                aria-pressed={mode === entry}
                onClick={() => onModeChange(entry)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  mode === entry
                    ? 'bg-card text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
                data-testid={`button-filters-${entry}`}
              >
                {t(`filters.modes.${entry}`)}
              </button>
            ))}
          </div>
          {showClear ? (
            <Button variant="ghost" size="sm" onClick={onClear} data-testid="button-clear-filters">
              {t('filters.clearAll')}
            </Button>
          ) : null}
        </div>
      </div>

      <NearFilter filters={filters} onChange={onChange} />

      {showBasic ? (
        <div className="grid gap-5 lg:grid-cols-2">
          <FilterGroup title={t('filters.type')}>
            <div className="flex flex-wrap gap-2">
              {types.map((type) => (
                <ToggleChip
                  key={type}
                  pressed={filters.subcategory.includes(type)}
                  onClick={() => set({ subcategory: toggleValue(filters.subcategory, type) })}
                  data-testid={`filter-subcategory-${type}`}
                >
                  {SUBCATEGORY_LABELS[type]}
                  <Count value={countIn(facets?.subcategories, type)} />
                </ToggleChip>
              ))}
            </div>
          </FilterGroup>

          <FilterGroup title={t('filters.department')}>
            <div className="flex flex-wrap gap-2">
              {GENDERS.map((gender) => (
                <ToggleChip
                  key={gender}
                  pressed={filters.gender.includes(gender)}
                  onClick={() => set({ gender: toggleValue(filters.gender, gender) })}
                  data-testid={`filter-gender-${gender}`}
                >
                  {GENDER_LABELS[gender]}
                </ToggleChip>
              ))}
            </div>
          </FilterGroup>

          <FilterGroup title={t('filters.condition')}>
            <div className="flex flex-wrap gap-2">
              {CONDITIONS.map((condition) => (
                <ToggleChip
                  key={condition}
                  pressed={filters.condition.includes(condition)}
                  onClick={() => set({ condition: toggleValue(filters.condition, condition) })}
                  data-testid={`filter-condition-${condition}`}
                >
                  {CONDITION_LABELS[condition]}
                  <Count value={countIn(facets?.conditions, condition)} />
                </ToggleChip>
              ))}
            </div>
          </FilterGroup>

          <FilterGroup title={t('filters.size')}>
            <div className="max-h-64 space-y-3 overflow-y-auto p-0.5">
              {sizeGroups.map((group) => (
                <div
                  key={group.system}
                  role="group"
                  aria-labelledby={`${id}-sizes-${group.system}`}
                  data-testid={`filter-size-group-${group.system}`}
                >
                  <p
                    id={`${id}-sizes-${group.system}`}
                    className="mb-1.5 text-xs font-medium text-muted-foreground"
                  >
                    {sizeSystemLabel(group.system)}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {group.sizes.map((size) => (
                      <ToggleChip
                        key={size}
                        pressed={filters.size.includes(size)}
                        onClick={() => set({ size: toggleValue(filters.size, size) })}
                        className="min-w-10 justify-center px-2.5"
                        data-testid={`filter-size-${size}`}
                      >
                        {size}
                        <Count value={countIn(facets?.sizes, size)} />
                      </ToggleChip>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </FilterGroup>

          <TextFilter
            id="filter-brand"
            label={t('filters.brand')}
            placeholder={t('filters.brandPlaceholder')}
            value={filters.brand}
            onCommit={(brand) => set({ brand })}
            suggestions={facets?.brands.map((entry) => entry.value)}
          />

          <PriceFilter
            minPrice={filters.minPrice}
            maxPrice={filters.maxPrice}
            onCommit={(minPrice, maxPrice) => set({ minPrice, maxPrice })}
          />
        </div>
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <FilterGroup title={t('filters.availability')}>
            <div className="flex flex-wrap gap-2">
              {AVAILABILITY.map((availability) => (
                <ToggleChip
                  key={availability}
                  pressed={filters.availability.includes(availability)}
                  onClick={() => set({ availability: toggleValue(filters.availability, availability) })}
                  data-testid={`filter-availability-${availability}`}
                >
                  {AVAILABILITY_LABELS[availability]}
                </ToggleChip>
              ))}
            </div>
          </FilterGroup>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor="filter-rating">{t('filters.sellerRating')}</Label>
              <Select
                value={filters.rating || ANY}
                onValueChange={(value) =>
                  set({ rating: value === ANY ? '' : (value as ItemFilterState['rating']) })
                }
              >
                <SelectTrigger id="filter-rating" data-testid="select-filter-rating">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY}>{t('filters.anyRating')}</SelectItem>
                  {SELLER_RATINGS.map((rating) => (
                    <SelectItem key={rating} value={rating}>
                      {SELLER_RATING_LABELS[rating]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="filter-date">{t('filters.posted')}</Label>
              <Select
                value={filters.dateFilter || ANY}
                onValueChange={(value) =>
                  set({ dateFilter: value === ANY ? '' : (value as ItemFilterState['dateFilter']) })
                }
              >
                <SelectTrigger id="filter-date" data-testid="select-filter-date">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY}>{t('filters.anyTime')}</SelectItem>
                  {DATE_FILTERS.map((date) => (
                    <SelectItem key={date} value={date}>
                      {DATE_FILTER_LABELS[date]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>

          <TextFilter
            id="filter-location"
            label={t('filters.location')}
            placeholder={t('filters.locationPlaceholder')}
            value={filters.location}
            onCommit={(location) => set({ location })}
          />

          <FilterGroup title={t('filters.colors')}>
            <div className="flex flex-wrap gap-2">
              {COLORS.map((color) => (
                <ToggleChip
                  key={color}
                  pressed={filters.colors.includes(color)}
                  onClick={() => set({ colors: toggleValue(filters.colors, color) })}
                  data-testid={`filter-color-${color.toLowerCase()}`}
                >
                  {colorLabel(color)}
                </ToggleChip>
              ))}
            </div>
          </FilterGroup>

          <FilterGroup title={t('filters.seasons')}>
            <div className="flex flex-wrap gap-2">
              {SEASONS.map((season) => (
                <ToggleChip
                  key={season}
                  pressed={filters.seasons.includes(season)}
                  onClick={() => set({ seasons: toggleValue(filters.seasons, season) })}
                  data-testid={`filter-season-${season.toLowerCase()}`}
                >
                  {seasonLabel(season)}
                </ToggleChip>
              ))}
            </div>
          </FilterGroup>
        </div>
      )}
    </section>
  );
}

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-medium">{title}</legend>
      {children}
    </fieldset>
  );
}

function Count({ value }: { value: number | undefined }) {
  const { t } = useTranslation('items');
  if (value === undefined) return null;
  return (
    <span className="text-xs tabular-nums opacity-70">
      <span className="sr-only">(</span>
      {value}
      <span className="sr-only"> {t('filters.countItems')})</span>
    </span>
  );
}

function TextFilter({
  id,
  label,
  placeholder,
  value,
  onCommit,
  suggestions,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onCommit: (value: string) => void;
  suggestions?: string[];
}) {
  const { draft, setDraft, flush } = useDebouncedText(value, onCommit);
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        autoComplete="off"
        list={suggestions?.length ? `${id}-options` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush();
        }}
        data-testid={`input-${id}`}
      />
      {suggestions?.length ? (
        <datalist id={`${id}-options`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

/** The price range: dragging moves the thumbs locally; the URL (and the query) change on release. */
function PriceFilter({
  minPrice,
  maxPrice,
  onCommit,
}: {
  minPrice: number;
  maxPrice: number;
  onCommit: (minPrice: number, maxPrice: number) => void;
}) {
  const { t } = useTranslation('items');
  const [range, setRange] = useState<[number, number]>([minPrice, maxPrice]);
  const [shown, setShown] = useState<[number, number]>([minPrice, maxPrice]);
  if (shown[0] !== minPrice || shown[1] !== maxPrice) {
    setShown([minPrice, maxPrice]);
    setRange([minPrice, maxPrice]);
  }
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-2 flex w-full items-center justify-between text-sm font-medium">
        {t('filters.priceRange')}
      </legend>
      <p className="text-sm font-semibold tabular-nums" aria-live="polite" data-testid="text-price-range">
        {formatPriceBound(range[0])} – {formatPriceBound(range[1])}
      </p>
      <Slider
        min={PRICE_SLIDER.min}
        max={PRICE_SLIDER.max}
        step={PRICE_SLIDER.step}
        minStepsBetweenThumbs={1}
        value={range}
        onValueChange={(value) => setRange([value[0] ?? PRICE_SLIDER.min, value[1] ?? PRICE_SLIDER.max])}
        onValueCommit={(value) => onCommit(value[0] ?? PRICE_SLIDER.min, value[1] ?? PRICE_SLIDER.max)}
        thumbLabels={[t('filters.minPrice'), t('filters.maxPrice')]}
        className="py-2"
        data-testid="slider-price"
      />
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{formatPriceBound(PRICE_SLIDER.min)}</span>
        <span>{formatPriceBound(PRICE_SLIDER.max)}</span>
      </div>
    </fieldset>
  );
}
