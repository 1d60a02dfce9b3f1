import { describe, expect, it } from 'vitest';
import { isOneLineText, toOneLine } from './unsafe-text';

describe('one-line text', () => {
  it('refuses line breaks, control characters, bidi overrides and isolates, and invisible spaces', () => {
    for (const refused of [
      'a\nb',
      'a\r\nb',
      'a\tb',
      'a\u0000b',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
      'a\u2029b',
      'a\u202ab',
      'a\u202eb',
      'a\u2066b',
      'a\u2069b',
      'a\u200bb',
      'a\u2060b',
      'a\ufeffb',
    ]) {
      expect(isOneLineText(refused), JSON.stringify(refused)).toBe(false);
    }
  });

  it('accepts direction marks, joiners, emoji and ordinary punctuation', () => {
    for (const accepted of [
      'Zoë',
      '\u200fנועה\u200e',
      'مهر\u200cناز',
      '👩\u200d👩\u200d👧',
      "$`$'$&",
      '12\u202f345 €',
    ]) {
      expect(isOneLineText(accepted), JSON.stringify(accepted)).toBe(true);
    }
  });

  it('makes stored text one line, each run of refused characters one space', () => {
    expect(toOneLine('Eve\r\nBcc: x\u202e')).toBe('Eve Bcc: x ');
    expect(toOneLine('plain')).toBe('plain');
  });
});
