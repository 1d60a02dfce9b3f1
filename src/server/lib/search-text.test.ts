import { describe, expect, it } from 'vitest';
import { fuzzyWords, searchTerms } from './search-text';

describe('searchTerms', () => {
  it('takes bare colour words out of the text', () => {
    expect(searchTerms('red dress')).toEqual({ text: 'dress', colours: ['Red'], tokens: ['red', 'dress'] });
    expect(searchTerms('Grey wool COAT navy')).toEqual({
      text: 'wool COAT',
      colours: ['Gray', 'Navy'],
      tokens: ['Grey', 'wool', 'COAT', 'navy'],
    });
    expect(searchTerms('red')).toEqual({ text: '', colours: ['Red'], tokens: ['red'] });
  });

  it('leaves colour words inside quotes or after a minus as text', () => {
    expect(searchTerms('"red wing" boots')).toEqual({
      text: '"red wing" boots',
      colours: [],
      tokens: ['"red', 'wing"', 'boots'],
    });
    expect(searchTerms('dress -black')).toEqual({
      text: 'dress -black',
      colours: [],
      tokens: ['dress', '-black'],
    });
  });

  it('survives hostile text', () => {
    expect(searchTerms("'; drop table items; --").colours).toEqual([]);
    expect(searchTerms('\u0000red\ud800')).toEqual({ text: '', colours: ['Red'], tokens: ['red'] });
    expect(searchTerms('red '.repeat(10_000)).colours).toEqual(['Red']);
  });
});

describe('fuzzyWords', () => {
  it('lists the required words, lower-cased, without excluded ones', () => {
    expect(fuzzyWords('Jaket "Levis" -denim jaket')).toEqual(['jaket', 'levis']);
  });
});
