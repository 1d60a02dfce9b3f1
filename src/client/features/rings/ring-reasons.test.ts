import { beforeAll, describe, expect, it } from 'vitest';
import { RING_REASON_CODES } from '@common/domain/ring-reasons';
import en from '@common/i18n/locales/en/rings.json';
import fr from '@common/i18n/locales/fr/rings.json';
import i18next from 'i18next';
import { ringExplanationText, ringReasonText } from './ring-reasons';

/*
 * A ring's explanation travels as codes with values and is worded by the reader's client: the same
 * answer reads in English or in French.
 */
// An instance of its own: the client's shared one is left as other test files in the worker expect it.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { rings: en }, fr: { rings: fr } },
    interpolation: { escapeValue: false },
  });
});

const formatIn = (tag: string) => ({
  number: (value: number, options?: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(tag, options).format(value),
  money: (minor: number) =>
    new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(minor / 100),
});
const rule = {
  code: 'swapRule',
  params: { category: 'accessories', band: 'between', min: 67, max: 150 },
} as const;
const line = { giver: 'Ben', receiver: 'Ana', title: 'Boots', value: 5500 };

describe('ring explanations', () => {
  it('read in English', () => {
    const t = i18n.getFixedT('en');
    const { number } = formatIn('en-GB');
    expect(ringReasonText(t, { code: 'favourite' }, number)).toBe('they favourited it');
    expect(ringReasonText(t, { code: 'swapRule' }, number)).toBe('it matches their swap rule');
    expect(ringReasonText(t, rule, number)).toBe(
      "it matches their swap rule (Accessories · worth 67% to 150% of their item's value)",
    );
    expect(
      ringExplanationText(
        t,
        { ...line, reason: { code: 'wishlist', params: { entry: 'Boots' } } },
        formatIn('en-US'),
      ),
    ).toBe('Ben gives “Boots” ($55.00) to Ana: it matches their wishlist entry “Boots”.');
  });

  it('read in French', () => {
    const t = i18n.getFixedT('fr');
    const format = formatIn('fr-FR');
    expect(ringExplanationText(t, { ...line, reason: { code: 'favourite' } }, format)).toBe(
      `Ben donne « Boots » (${format.money(5500)}) à Ana : cet article fait partie de ses favoris.`,
    );
    expect(
      ringReasonText(
        t,
        { ...rule, params: { ...rule.params, gender: 'women', minCondition: 'good', colors: 'Black/Gray' } },
        format.number,
      ),
    ).toBe(
      `cet article correspond à sa règle d'échange (Femmes · Accessoires · Noir/Gris · Bon état ou mieux · valant de ${format.number(0.67, { style: 'percent' })} à ${format.number(1.5, { style: 'percent' })} de la valeur de son article)`,
    );
  });

  it('have a text for every code in both languages', () => {
    for (const language of ['en', 'fr']) {
      const t = i18n.getFixedT(language);
      for (const code of RING_REASON_CODES) {
        const text = ringReasonText(t, { code }, formatIn(language).number);
        expect(text).not.toContain('reasons.');
        expect(text.length).toBeGreaterThan(5);
      }
    }
  });
});
