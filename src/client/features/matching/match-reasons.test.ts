import { beforeAll, describe, expect, it } from 'vitest';
import { MATCH_REASON_CODES } from '@common/domain/matching';
import domainEn from '@common/i18n/locales/en/domain.json';
import domainFr from '@common/i18n/locales/fr/domain.json';
import en from '@common/i18n/locales/en/matching.json';
import fr from '@common/i18n/locales/fr/matching.json';
import i18next from 'i18next';
import { matchReasonText } from './match-reasons';

/*
 * Match reasons travel as codes with values and are worded by the reader's client: the same answer
 * reads in English or in French, and a member's private wishlist entry is named only to them.
 */
// An instance of its own: the client's shared one is left as other test files in the worker expect it.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { matching: en, domain: domainEn }, fr: { matching: fr, domain: domainFr } },
    interpolation: { escapeValue: false },
  });
});

describe('match reasons', () => {
  it('read in English, naming whose want it is', () => {
    const t = i18n.getFixedT('en');
    expect(matchReasonText(t, { code: 'fairValue' })).toBe('Fair trade: values within 10%');
    expect(matchReasonText(t, { code: 'wishlist', params: { whose: 'member', name: 'Ana' } })).toBe(
      "Matches Ana's wishlist",
    );
    expect(matchReasonText(t, { code: 'wishlist', params: { whose: 'you', title: 'Denim jacket' } })).toBe(
      'Matches your wishlist: “Denim jacket”',
    );
    expect(matchReasonText(t, { code: 'condition', params: { condition: 'like-new' } })).toBe(
      'Like New condition',
    );
  });

  it('read in French from the same codes', () => {
    const t = i18n.getFixedT('fr');
    expect(matchReasonText(t, { code: 'fairValue' })).toBe('Échange équitable : valeurs à 10 % près');
    expect(matchReasonText(t, { code: 'inSize', params: { whose: 'member', name: 'Ana', size: 'M' } })).toBe(
      'À la taille de Ana (M)',
    );
    expect(matchReasonText(t, { code: 'default' })).toBe('Correspondance compatible avec vos préférences');
  });

  it('have a text for every code in both languages', () => {
    for (const language of ['en', 'fr']) {
      const t = i18n.getFixedT(language);
      for (const code of MATCH_REASON_CODES) {
        for (const whose of ['you', 'member', 'them']) {
          const text = matchReasonText(t, { code, params: { whose, name: 'Ana', title: 'x', size: 'M' } });
          expect(text, `${language} ${code} ${whose}`).not.toContain('reasons.');
        }
      }
    }
  });
});
