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
