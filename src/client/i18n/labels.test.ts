import { beforeAll, describe, expect, it } from 'vitest';
import * as filters from '@common/domain/item-filters';
import * as matchDisplay from '@common/domain/match-display';
import * as savedSearch from '@common/domain/saved-search-display';
import * as sizes from '@common/domain/size-options';
import * as taxonomy from '@common/domain/taxonomy';
import * as tradePreview from '@common/domain/trade-preview';
import * as tradeState from '@common/domain/trade-state';
import * as tradeTerms from '@common/domain/trade-terms';
import * as wishlist from '@common/domain/wishlist-rules';
import en from '@common/i18n/locales/en/domain.json';
import fr from '@common/i18n/locales/fr/domain.json';
import { i18n } from './index';
import * as labels from './labels';

/*
 * The client's vocabulary names read the `domain` catalogue; in English they must be exactly the
 * names of src/common/domain, which the server and the product copy use.
 */
const BUSY_FILTERS = filters.parseItemFilters(
  'search=denim&category=clothing&subcategory=jeans,tops&condition=like-new&brand=Zara&size=M,W30 L32' +
    '&minPrice=20&maxPrice=500&gender=women&availability=reserved&rating=4&dateFilter=3months' +
    '&location=Berlin&colors=Navy&seasons=Fall&tags=vintage',
);

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { domain: en }, fr: { domain: fr } },
    interpolation: { escapeValue: false },
  });
});

describe('client vocabulary labels', () => {
  it('are the common English names in English', async () => {
    await i18n.changeLanguage('en');
    expect({ ...labels.CONDITION_LABELS }).toEqual(taxonomy.CONDITION_LABELS);
    expect({ ...labels.GENDER_LABELS }).toEqual(taxonomy.GENDER_LABELS);
    expect({ ...labels.SORT_LABELS }).toEqual(taxonomy.SORT_LABELS);
    expect({ ...labels.SELLER_RATING_LABELS }).toEqual(taxonomy.SELLER_RATING_LABELS);
    expect({ ...labels.DATE_FILTER_LABELS }).toEqual(taxonomy.DATE_FILTER_LABELS);
    expect({ ...labels.SUBCATEGORY_LABELS }).toEqual(taxonomy.SUBCATEGORY_LABELS);
    expect({ ...labels.AVAILABILITY_LABELS }).toEqual(filters.AVAILABILITY_LABELS);
    expect({ ...labels.WISHLIST_CATEGORY_LABELS }).toEqual(wishlist.WISHLIST_CATEGORY_LABELS);
    // The wishlist names its categories as the listing form does (the taxonomy's names).
    expect(labels.WISHLIST_CATEGORY_LABELS.jewelry).toBe(labels.SUBCATEGORY_LABELS.jewellery);
    expect(labels.WISHLIST_CATEGORY_LABELS.shoes).toBe(labels.categoryLabel('shoes'));
    expect(labels.CATEGORY_ROW.map((entry) => ({ ...entry }))).toEqual(taxonomy.CATEGORY_ROW);
    expect(JSON.parse(JSON.stringify(labels.SUBCATEGORY_TREE))).toEqual(taxonomy.SUBCATEGORY_TREE);
    // Stored values keep their first spelling; the English interface reads them in British English.
    const british: Record<string, string> = { Gray: 'Grey', Jewelry: 'Jewellery', Fall: 'Autumn' };
    const named = (value: string) => british[value] ?? value;
    for (const color of taxonomy.COLORS) expect(labels.colorLabel(color)).toBe(named(color));
    for (const season of taxonomy.SEASONS) expect(labels.seasonLabel(season)).toBe(named(season));
    for (const style of taxonomy.STYLES) expect(labels.styleLabel(style)).toBe(named(style));
    expect(labels.listingSizeGroups('clothing', 'jeans', 'women')).toEqual(
      sizes.listingSizeGroups('clothing', 'jeans', 'women'),
    );
    expect(labels.listingSizeGroups('shoes')).toEqual(sizes.listingSizeGroups('shoes'));
    expect(labels.formatPriceBound(20)).toBe(filters.formatPriceBound(20));
    expect(labels.formatPriceBound(500)).toBe(filters.formatPriceBound(500));
  });

  it('give the same filter chips and saved-search words as the common rules in English', async () => {
    await i18n.changeLanguage('en');
    expect(labels.activeFilterChips(BUSY_FILTERS)).toEqual(filters.activeFilterChips(BUSY_FILTERS));
    expect(labels.describeItemFilters(BUSY_FILTERS)).toEqual(savedSearch.describeItemFilters(BUSY_FILTERS));
    expect(labels.defaultSearchName(BUSY_FILTERS)).toBe(savedSearch.defaultSearchName(BUSY_FILTERS));
    expect(labels.defaultSearchName(filters.DEFAULT_ITEM_FILTERS)).toBe('My search');
    const query = filters.itemFiltersToParams(BUSY_FILTERS).toString();
    expect(labels.describeSavedQuery(query)).toBe(savedSearch.describeSavedQuery(query));
  });

  it('follow the language shown', async () => {
    await i18n.changeLanguage('fr');
    expect(labels.CONDITION_LABELS['like-new']).toBe('Comme neuf');
    expect(labels.CATEGORY_ROW[0]?.label).toBe('Tous les articles');
    expect(labels.activeFilterChips(BUSY_FILTERS).map((chip) => chip.id)).toEqual(
      filters.activeFilterChips(BUSY_FILTERS).map((chip) => chip.id),
    );
    expect(labels.describeSavedQuery('category=shoes&colors=Navy')).toBe('Chaussures · Bleu marine');
    await i18n.changeLanguage('en');
  });
});

describe('client trade labels', () => {
  it('are the common English names in English', async () => {
    await i18n.changeLanguage('en');
    expect({ ...labels.DISPUTE_REASON_LABELS }).toEqual(tradeState.DISPUTE_REASON_LABELS);
    expect({ ...labels.TRADE_TYPE_LABELS }).toEqual(matchDisplay.TRADE_TYPE_LABELS);
    expect({ ...labels.PREVIEW_MODE_LABELS }).toEqual(tradePreview.PREVIEW_MODE_LABELS);
    expect({ ...labels.DEAL_FIELD_LABELS }).toEqual(tradeTerms.DEAL_FIELD_LABELS);
  });
});

describe('the distance chip', () => {
  it('names its town in both languages', async () => {
    const near = filters.parseItemFilters('near=3006767&withinKm=10');
    await i18n.changeLanguage('en');
    expect(labels.activeFilterChips(near, 'Boulogne-Billancourt').map((chip) => chip.label)).toEqual([
      'Within 10 km of Boulogne-Billancourt',
    ]);
    expect(labels.activeFilterChips(near).map((chip) => chip.label)).toEqual(['Within 10 km']);
    await i18n.changeLanguage('fr');
    expect(labels.activeFilterChips(near, 'Boulogne-Billancourt').map((chip) => chip.label)).toEqual([
      'Boulogne-Billancourt, à moins de 10 km',
    ]);
    await i18n.changeLanguage('en');
  });
});
