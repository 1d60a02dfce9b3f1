import { describe, expect, it } from 'vitest';
import { preferencesPayload } from './preferences-payload';

describe('preferencesPayload', () => {
  it('trims the bio and sends it only when non-empty', () => {
    expect(preferencesPayload({ bio: '  Loves denim  ', categories: [], sizes: {} })).toEqual({
      bio: 'Loves denim',
    });
    expect(preferencesPayload({ bio: '   ', categories: [], sizes: {} })).toEqual({});
  });
  it('sends categories and their sizes only when non-empty', () => {
    expect(
      preferencesPayload({
        bio: '',
        categories: ['Tops', 'Bags', 'Shoes'],
        sizes: { Tops: ['M'], Shoes: [] },
      }),
    ).toEqual({ preferredCategories: ['Tops', 'Bags', 'Shoes'], preferredSizes: { Tops: ['M'] } });
  });
  it('drops sizes of categories no longer chosen or without sizes', () => {
    expect(
      preferencesPayload({
        bio: '',
        categories: ['Dresses'],
        sizes: { Tops: ['M'], Dresses: ['4', '4'], Bags: ['L'] },
      }),
    ).toEqual({ preferredCategories: ['Dresses'], preferredSizes: { Dresses: ['4'] } });
  });
});
