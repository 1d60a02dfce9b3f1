import { describe, expect, it } from 'vitest';
import { onboardingPreferences, onboardingShoeSizes } from './onboarding';

describe('onboardingPreferences', () => {
  it('sends nothing when everything was left empty', () => {
    expect(onboardingPreferences([], [], [])).toEqual({});
  });

  it('gives letter sizes to the styles sized in letters and shoe sizes to Shoes, adding it', () => {
    expect(onboardingPreferences(['Tops', 'Bags', 'Bottoms'], ['M', 'L'], ['8.5'])).toEqual({
      preferredCategories: ['Tops', 'Bags', 'Bottoms', 'Shoes'],
      preferredSizes: { Tops: ['M', 'L'], Shoes: ['8.5'] },
    });
  });

  it('keeps the styles when no size was picked', () => {
    expect(onboardingPreferences(['Dresses'], [], [])).toEqual({ preferredCategories: ['Dresses'] });
  });
});

describe('onboarding shoe sizes', () => {
  it("offers the community's shoe sizes, EU first in Europe, and keeps them", () => {
    expect(onboardingShoeSizes('FR')).toContain('EU 38');
    expect(onboardingShoeSizes('FR')).not.toContain('8.5');
    expect(onboardingShoeSizes('US')).toContain('8.5');
    expect(onboardingPreferences([], [], ['EU 38'], 'FR')).toEqual({
      preferredCategories: ['Shoes'],
      preferredSizes: { Shoes: ['EU 38'] },
    });
  });
});
