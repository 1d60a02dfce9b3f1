import { describe, expect, it } from 'vitest';
import { addTags, moveEntry, parseTags, photoFileProblem } from './item-form-rules';

describe('photoFileProblem', () => {
  it('accepts the supported image types up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']) {
      expect(photoFileProblem({ name: 'a', type, size: 1000 })).toBeNull();
    }
    expect(photoFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
  });

  it('names the file and the reason otherwise', () => {
    expect(photoFileProblem({ name: 'scan.pdf', type: 'application/pdf', size: 10 })).toBe(
      'scan.pdf is not a supported image. Use JPEG, PNG, WebP, AVIF or GIF.',
    );
    expect(photoFileProblem({ name: 'big.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      'big.png is larger than 10 MB.',
    );
    expect(photoFileProblem({ name: 'empty.png', type: 'image/png', size: 0 })).toBe('empty.png is empty.');
  });
});

describe('tags', () => {
  it('splits on commas and hashes, trims, lower-cases and de-duplicates', () => {
    expect(parseTags(' Vintage, #Y2K,,vintage , street  wear ')).toEqual(['vintage', 'y2k', 'street wear']);
  });

  it('clips each tag to 30 characters and keeps at most 20', () => {
    expect(parseTags('x'.repeat(40))).toEqual(['x'.repeat(30)]);
    const many = Array.from({ length: 25 }, (_, index) => `t${index}`).join(',');
    expect(addTags([], many)).toHaveLength(20);
    expect(addTags(['a'], 'b, a')).toEqual(['a', 'b']);
  });
});

describe('moveEntry', () => {
  it('moves an entry and ignores moves out of range', () => {
    expect(moveEntry(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveEntry(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveEntry(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
