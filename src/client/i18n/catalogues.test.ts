import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parityProblems, scanClient } from '../../../scripts/i18n-check';

/*
 * Every text of the client is in the catalogues (docs/product.md § Languages): this fails when a
 * component writes a visible text itself, names a key the English catalogue lacks, or when the
 * English and French catalogues differ in keys, placeholders or empty texts.
 * `npx tsx scripts/i18n-check.ts <folder>` prints the same list for one folder.
 */
describe('the client catalogues', () => {
  it('have the same namespaces, keys and placeholders in English and French, none empty', () => {
    expect(parityProblems()).toEqual([]);
  });

  it('hold every text the client shows, and every key it names', () => {
    const problems = scanClient().flatMap((report) => [
      ...report.missingKeys.map((line) => `${report.file}:${line} (unknown key)`),
      ...report.literals.map((line) => `${report.file}:${line} (text outside the catalogues)`),
    ]);
    expect(problems).toEqual([]);
  });
});

/** Every text of one language, client and server catalogues, as [file:key, text]. */
function catalogueTexts(language: 'en' | 'fr'): [string, string][] {
  const texts: [string, string][] = [];
  const walk = (where: string, value: unknown) => {
    if (typeof value === 'string') texts.push([where, value]);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(`${where}.${key}`, inner);
    }
  };
  for (const folder of ['../../common/i18n/locales', '../../server/i18n/locales']) {
    const directory = fileURLToPath(new URL(`${folder}/${language}/`, import.meta.url));
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.json'))) {
      walk(`${folder}/${language}/${file}:`, JSON.parse(readFileSync(`${directory}${file}`, 'utf8')));
    }
  }
  return texts;
}

describe('the copy speaks as a member would (issue 37)', () => {
  it('names Threadswap, never "the product", in English', () => {
    const texts = catalogueTexts('en');
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter(([, text]) => /\bthe product\b/i.test(text))).toEqual([]);
  });

  it('speaks of swapping, never of selling, in French (saying what Threadswap does not do aside)', () => {
    const notSelling = [
      'Échanger, pas vendre', // "Swapping, not selling"
      'Nous ne vendons ni ne partageons vos données', // "We do not sell or share your data"
    ];
    const selling = catalogueTexts('fr').filter(
      ([, text]) => /vend|vente/i.test(text) && !notSelling.some((allowed) => text.includes(allowed)),
    );
    expect(selling).toEqual([]);
  });

  it('spells English the British way throughout, as most of its texts do (placeholders aside)', () => {
    // American variants of words the catalogues use; their British forms are the house spelling.
    const american =
      /\b(favorites?|favorited|colors?|colored|jewelry|gray|canceled|canceling|center|centers|authorized?|organized?|personalized?|realized?|behavior|neighbor|catalog|apologize)\b/i;
    const found = catalogueTexts('en').filter(([, text]) =>
      american.test(text.replace(/\{\{[^}]*\}\}/g, '').replace(/<[^>]*>/g, '')),
    );
    expect(found).toEqual([]);
  });
});
