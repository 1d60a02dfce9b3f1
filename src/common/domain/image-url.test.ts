import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url';

describe('imageUrl', () => {
  const stored = '/images/35fc8f4b-1407-845d-98d0-6626e7d71ed8';

  it('asks for the 400 px variant for grids and the default 1200 px otherwise', () => {
    expect(imageUrl(stored, 400)).toBe(`${stored}?w=400`);
    expect(imageUrl(stored)).toBe(stored);
    expect(imageUrl(stored, 1200)).toBe(stored);
  });

  it('leaves other URLs alone', () => {
    expect(imageUrl('https://example.com/a.jpg', 400)).toBe('https://example.com/a.jpg');
    expect(imageUrl('blob:http://localhost/abc', 400)).toBe('blob:http://localhost/abc');
  });
});
