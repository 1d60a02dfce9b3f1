import { describe, expect, it } from 'vitest';
import { coverFit } from './cover-fit';

describe('coverFit', () => {
  it('leaves an image of the panel proportions whole', () => {
    expect(coverFit(400, 500, 0.8)).toEqual({ repeatX: 1, repeatY: 1, offsetX: 0, offsetY: 0 });
  });
  it('crops the sides of a wide image, centred', () => {
    const fit = coverFit(800, 500, 0.8);
    expect(fit.repeatX).toBeCloseTo(0.5);
    expect(fit.offsetX).toBeCloseTo(0.25);
    expect(fit).toMatchObject({ repeatY: 1, offsetY: 0 });
  });
  it('crops the top and bottom of a tall image, centred', () => {
    const fit = coverFit(400, 1000, 0.8);
    expect(fit.repeatY).toBeCloseTo(0.5);
    expect(fit.offsetY).toBeCloseTo(0.25);
    expect(fit).toMatchObject({ repeatX: 1, offsetX: 0 });
  });
  it('shows the whole texture when a size is unknown', () => {
    expect(coverFit(0, 500, 0.8)).toEqual({ repeatX: 1, repeatY: 1, offsetX: 0, offsetY: 0 });
    expect(coverFit(400, 500, Number.NaN)).toEqual({ repeatX: 1, repeatY: 1, offsetX: 0, offsetY: 0 });
  });
});
