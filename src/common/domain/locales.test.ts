import { describe, expect, it } from 'vitest';
import { browserLocale, negotiateLocale, pickLocale } from './locales';

describe('negotiateLocale', () => {
  it('takes the supported language of highest quality, the earlier on a tie', () => {
    expect(negotiateLocale('de-DE, fr;q=0.8, en;q=0.9')).toBe('en');
    expect(negotiateLocale('fr-CH, en')).toBe('fr');
    expect(negotiateLocale('de, *;q=0.5')).toBeNull();
    expect(negotiateLocale('fr;q=0, en;q=abc')).toBeNull();
  });
});

describe('browserLocale (a reader who chose no language)', () => {
  it("gives the community's language whenever the browser lists it, even after another of ours", () => {
    expect(browserLocale('en-GB,en;q=0.9,fr;q=0.5', 'fr')).toBe('fr');
    expect(browserLocale('fr-CA,fr;q=0.9,en;q=0.5', 'en')).toBe('en');
  });

  it('gives our other language to a browser that lists only it', () => {
    expect(browserLocale('en-US,en;q=0.9', 'fr')).toBe('en');
    expect(browserLocale('fr-FR', 'en')).toBe('fr');
  });

  it("gives the community's language to a browser that names none of ours, or refuses ours", () => {
    expect(browserLocale('de-DE,de;q=0.9', 'fr')).toBe('fr');
    expect(browserLocale(undefined, 'fr')).toBe('fr');
    expect(browserLocale('fr;q=0', 'en')).toBe('en');
  });
});

describe('pickLocale', () => {
  it("puts the member's stored choice, then the visitor's cookie, before the community's default", () => {
    expect(pickLocale({ stored: 'en', cookie: 'fr', acceptLanguage: 'fr', community: 'fr' })).toBe('en');
    expect(pickLocale({ cookie: 'en', acceptLanguage: 'fr', community: 'fr' })).toBe('en');
    expect(pickLocale({ acceptLanguage: 'de', community: 'fr' })).toBe('fr');
    expect(pickLocale({ acceptLanguage: 'de' })).toBe('en');
    expect(pickLocale({ stored: 'xx', cookie: '%00', community: 'nope' })).toBe('en');
  });
});
