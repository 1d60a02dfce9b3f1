import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONDITIONS } from './taxonomy';
import {
  AUTO_ROTATE_INTERVAL_MS,
  AUTO_ROTATE_STEP_DEGREES,
  conditionAccent,
  displayAngle,
  initialPreviewState,
  normaliseAngle,
  PREVIEW_CONDITION_ACCENTS,
  previewKeyAction,
  type TradePreviewAction,
  tradePreviewReducer,
  type TradePreviewState,
  valueBarPercents,
  visibleSides,
} from './trade-preview';

const start: TradePreviewState = initialPreviewState({ reducedMotion: false });
const run = (state: TradePreviewState, ...actions: TradePreviewAction[]) =>
  actions.reduce(tradePreviewReducer, state);

describe('initial state', () => {
  it('shows both items, facing front, turning by itself', () => {
    expect(start).toEqual({ mode: 'both', angle: 0, autoRotate: true });
  });
  it('does not turn by itself when reduced motion is asked for', () => {
    expect(initialPreviewState({ reducedMotion: true })).toEqual({
      mode: 'both',
      angle: 0,
      autoRotate: false,
    });
  });
});

describe('modes', () => {
  it('switches between user, both and target, keeping the angle', () => {
    const turned = run(start, { type: 'rotate-by', degrees: 30 });
    expect(run(turned, { type: 'set-mode', mode: 'user' })).toMatchObject({ mode: 'user', angle: 30 });
    expect(run(turned, { type: 'set-mode', mode: 'target' })).toMatchObject({ mode: 'target', angle: 30 });
    expect(run(turned, { type: 'set-mode', mode: 'user' }, { type: 'set-mode', mode: 'both' }).mode).toBe(
      'both',
    );
  });
  it('answers the same state when the mode does not change', () => {
    expect(tradePreviewReducer(start, { type: 'set-mode', mode: 'both' })).toBe(start);
  });
  it('shows the sides of each mode', () => {
    expect(visibleSides('user')).toEqual(['user']);
    expect(visibleSides('both')).toEqual(['user', 'target']);
    expect(visibleSides('target')).toEqual(['target']);
  });
});

describe('auto-rotate', () => {
  it('adds 1 degree per tick of 50 ms', () => {
    expect(AUTO_ROTATE_STEP_DEGREES).toBe(1);
    expect(AUTO_ROTATE_INTERVAL_MS).toBe(50);
    expect(run(start, { type: 'tick' }).angle).toBe(1);
    // One second of ticks is 20 degrees.
    const second = Array.from({ length: 1000 / AUTO_ROTATE_INTERVAL_MS }, (): TradePreviewAction => ({
      type: 'tick',
    }));
    expect(run(start, ...second).angle).toBe(20);
  });
  it('wraps from 359 to 0', () => {
    expect(run({ ...start, angle: 359 }, { type: 'tick' }).angle).toBe(0);
  });
  it('does nothing while off', () => {
    const off = run(start, { type: 'toggle-auto-rotate' });
    expect(off.autoRotate).toBe(false);
    expect(tradePreviewReducer(off, { type: 'tick' })).toBe(off);
  });
  it('toggles and sets', () => {
    expect(run(start, { type: 'toggle-auto-rotate' }, { type: 'toggle-auto-rotate' }).autoRotate).toBe(true);
    expect(run(start, { type: 'set-auto-rotate', on: false }).autoRotate).toBe(false);
    expect(tradePreviewReducer(start, { type: 'set-auto-rotate', on: true })).toBe(start);
  });
});

describe('drag and keys', () => {
  it('turns by half a degree per pixel dragged, both ways', () => {
    const still = initialPreviewState({ reducedMotion: true });
    expect(run(still, { type: 'drag', deltaX: 40 }).angle).toBe(20);
    expect(run(still, { type: 'drag', deltaX: -40 }).angle).toBe(340);
    expect(run(still, { type: 'drag', deltaX: 3 }).angle).toBe(1.5);
  });
  it('ignores zero and non-finite deltas', () => {
    expect(tradePreviewReducer(start, { type: 'drag', deltaX: 0 })).toBe(start);
    expect(tradePreviewReducer(start, { type: 'drag', deltaX: Number.NaN })).toBe(start);
    expect(tradePreviewReducer(start, { type: 'rotate-by', degrees: Number.POSITIVE_INFINITY })).toBe(start);
  });
  it('maps arrows to 15 degree steps (45 with Shift) and R or Home to reset', () => {
    expect(previewKeyAction('ArrowLeft')).toEqual({ type: 'rotate-by', degrees: -15 });
    expect(previewKeyAction('ArrowRight')).toEqual({ type: 'rotate-by', degrees: 15 });
    expect(previewKeyAction('ArrowRight', true)).toEqual({ type: 'rotate-by', degrees: 45 });
    expect(previewKeyAction('r')).toEqual({ type: 'reset' });
    expect(previewKeyAction('R')).toEqual({ type: 'reset' });
    expect(previewKeyAction('Home')).toEqual({ type: 'reset' });
    expect(previewKeyAction('ArrowUp')).toBeNull();
    expect(previewKeyAction('Tab')).toBeNull();
    expect(previewKeyAction(' ')).toBeNull();
  });
  it('turns left from the front to 345', () => {
    const action = previewKeyAction('ArrowLeft');
    expect(action).not.toBeNull();
    if (action) expect(run(start, action).angle).toBe(345);
  });
});

describe('reset', () => {
  it('faces front, stops turning and keeps the mode', () => {
    const moved = run(
      start,
      { type: 'set-mode', mode: 'target' },
      { type: 'drag', deltaX: 123 },
      { type: 'tick' },
    );
    expect(run(moved, { type: 'reset' })).toEqual({ mode: 'target', angle: 0, autoRotate: false });
  });
});

describe('normaliseAngle and displayAngle', () => {
  it('keeps angles in [0, 360)', () => {
    expect(normaliseAngle(0)).toBe(0);
    expect(normaliseAngle(360)).toBe(0);
    expect(normaliseAngle(-1)).toBe(359);
    expect(normaliseAngle(725)).toBe(5);
    expect(normaliseAngle(-720)).toBe(0);
    expect(Object.is(normaliseAngle(-360), 0)).toBe(true);
    expect(normaliseAngle(Number.NaN)).toBe(0);
    // -1e-14 + 360 rounds to 360 in floating point; it must still read as the front.
    expect(normaliseAngle(-1e-14)).toBe(0);
  });
  it('reads whole degrees 0-359', () => {
    expect(displayAngle(359.6)).toBe(0);
    expect(displayAngle(12.4)).toBe(12);
    expect(displayAngle(-0.4)).toBe(0);
  });
  it('holds for any sequence of actions', () => {
    const action: fc.Arbitrary<TradePreviewAction> = fc.oneof(
      fc.constantFrom<TradePreviewAction>(
        { type: 'tick' },
        { type: 'reset' },
        { type: 'toggle-auto-rotate' },
      ),
      fc
        .constantFrom('user', 'both', 'target')
        .map((mode): TradePreviewAction => ({ type: 'set-mode', mode })),
      fc
        .double({ min: -1e6, max: 1e6, noNaN: true })
        .map((deltaX): TradePreviewAction => ({ type: 'drag', deltaX })),
      fc.double({ noNaN: false }).map((degrees): TradePreviewAction => ({ type: 'rotate-by', degrees })),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), fc.boolean(), (actions, reducedMotion) => {
        const state = run(initialPreviewState({ reducedMotion }), ...actions);
        expect(state.angle).toBeGreaterThanOrEqual(0);
        expect(state.angle).toBeLessThan(360);
        const shown = displayAngle(state.angle);
        expect(Number.isInteger(shown) && shown >= 0 && shown <= 359).toBe(true);
      }),
    );
  });
});

describe('condition accents', () => {
  it('colours every marketplace condition and mint, excellent, very-good', () => {
    for (const condition of [...CONDITIONS, 'mint', 'excellent', 'very-good']) {
      expect(PREVIEW_CONDITION_ACCENTS[condition]?.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(conditionAccent('mint').label).toBe('Mint');
    expect(conditionAccent('excellent').label).toBe('Excellent');
    expect(conditionAccent('very-good').label).toBe('Very Good');
    expect(conditionAccent('like-new').label).toBe('Like New');
  });
  it('gives each condition its own colour', () => {
    const colours = Object.values(PREVIEW_CONDITION_ACCENTS).map((accent) => accent.color);
    expect(new Set(colours).size).toBe(colours.length);
  });
  it('matches loosely spelled values and labels unknown ones neutrally', () => {
    expect(conditionAccent('Very Good')).toBe(PREVIEW_CONDITION_ACCENTS['very-good']);
    expect(conditionAccent(' LIKE_NEW ')).toBe(PREVIEW_CONDITION_ACCENTS['like-new']);
    expect(conditionAccent('gently used')).toEqual({ label: 'Gently Used', color: '#475569' });
    expect(conditionAccent('').label).toBe('Unknown');
  });
  it('uses tones dark enough for white text (WCAG AA, 4.5:1)', () => {
    for (const { color } of Object.values(PREVIEW_CONDITION_ACCENTS)) {
      expect(contrastWithWhite(color)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('valueBarPercents', () => {
  it('fills the higher value and scales the other', () => {
    expect(valueBarPercents(5000, 10000)).toEqual({ user: 50, target: 100 });
    expect(valueBarPercents(10000, 2500)).toEqual({ user: 100, target: 25 });
    expect(valueBarPercents(7000, 7000)).toEqual({ user: 100, target: 100 });
  });
  it('keeps a sliver for zero values', () => {
    expect(valueBarPercents(0, 0)).toEqual({ user: 2, target: 2 });
    expect(valueBarPercents(0, 10000)).toEqual({ user: 2, target: 100 });
  });
});

function contrastWithWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}
