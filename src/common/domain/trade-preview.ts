/**
 * The 3D trade preview's view state (docs/product.md § 3D trade preview): which items are shown, how far the
 * turntable has turned, and whether it turns by itself. Pure, so the WebGL scene and the 2D
 * fallback render the same state, and the rules are unit tested without a browser.
 */

export const PREVIEW_MODES = ['user', 'both', 'target'] as const;
/** user: only the item you offer; target: only the item you want; both: side by side. */
export type PreviewMode = (typeof PREVIEW_MODES)[number];

/** The two sides of the trade: the item you offer and the item you want. */
export type PreviewSide = 'user' | 'target';

export const PREVIEW_MODE_LABELS: Record<PreviewMode, string> = {
  user: 'Your item',
  both: 'Both',
  target: 'Their item',
};

/** Auto-rotate adds 1 degree every 50 ms. */
export const AUTO_ROTATE_STEP_DEGREES = 1;
export const AUTO_ROTATE_INTERVAL_MS = 50;
/** A horizontal drag across 360 px turns the turntable half a turn. */
export const DRAG_DEGREES_PER_PIXEL = 0.5;
/** One arrow key press; with Shift a larger step. */
export const KEY_STEP_DEGREES = 15;
export const KEY_STEP_LARGE_DEGREES = 45;

export interface TradePreviewState {
  mode: PreviewMode;
  /** Turntable angle in degrees, always in [0, 360). */
  angle: number;
  autoRotate: boolean;
}

export type TradePreviewAction =
  | { type: 'set-mode'; mode: PreviewMode }
  | { type: 'drag'; deltaX: number }
  | { type: 'rotate-by'; degrees: number }
  | { type: 'tick' }
  | { type: 'set-auto-rotate'; on: boolean }
  | { type: 'toggle-auto-rotate' }
  | { type: 'reset' };

/** Any angle (negative, fractional, several turns) to the same direction in [0, 360). */
export function normaliseAngle(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  const turned = degrees % 360;
  const positive = turned < 0 ? turned + 360 : turned;
  // A tiny negative angle plus 360 rounds to 360 itself; `+ 0` turns -0 into 0.
  return positive >= 360 ? 0 : positive + 0;
}

/** The angle as people read it: whole degrees 0-359 (359.6 reads 0, not 360). */
export function displayAngle(degrees: number): number {
  return Math.round(normaliseAngle(degrees)) % 360;
}

/**
 * Auto-rotate starts on (the preview is a showcase), except for people who asked their system
 * for reduced motion: for them nothing moves until they turn it on.
 */
export function initialPreviewState(options: { reducedMotion: boolean }): TradePreviewState {
  return { mode: 'both', angle: 0, autoRotate: !options.reducedMotion };
}

export function tradePreviewReducer(state: TradePreviewState, action: TradePreviewAction): TradePreviewState {
  switch (action.type) {
    case 'set-mode':
      return state.mode === action.mode ? state : { ...state, mode: action.mode };
    case 'drag':
      return rotated(state, action.deltaX * DRAG_DEGREES_PER_PIXEL);
    case 'rotate-by':
      return rotated(state, action.degrees);
    case 'tick':
      return state.autoRotate ? rotated(state, AUTO_ROTATE_STEP_DEGREES) : state;
    case 'set-auto-rotate':
      return state.autoRotate === action.on ? state : { ...state, autoRotate: action.on };
    case 'toggle-auto-rotate':
      return { ...state, autoRotate: !state.autoRotate };
    case 'reset':
      // Reset brings the view back to the front and keeps it there; the chosen mode stays.
      return { ...state, angle: 0, autoRotate: false };
  }
}

function rotated(state: TradePreviewState, degrees: number): TradePreviewState {
  if (!Number.isFinite(degrees) || degrees === 0) return state;
  return { ...state, angle: normaliseAngle(state.angle + degrees) };
}

/** Which sides the mode shows. */
export function visibleSides(mode: PreviewMode): readonly PreviewSide[] {
  if (mode === 'user') return ['user'];
  if (mode === 'target') return ['target'];
  return ['user', 'target'];
}

/**
 * The keyboard map of the focused preview: arrows turn it (Shift for a bigger step), R or Home
 * resets it. Answers null for any other key, so the key keeps its usual meaning.
 */
export function previewKeyAction(key: string, shiftKey = false): TradePreviewAction | null {
  const step = shiftKey ? KEY_STEP_LARGE_DEGREES : KEY_STEP_DEGREES;
  switch (key) {
    case 'ArrowLeft':
      return { type: 'rotate-by', degrees: -step };
    case 'ArrowRight':
      return { type: 'rotate-by', degrees: step };
    case 'r':
    case 'R':
    case 'Home':
      return { type: 'reset' };
    default:
      return null;
  }
}

export interface ConditionAccent {
  label: string;
  /** A dark tone: white text on it meets WCAG AA for small text. */
  color: string;
}

/**
 * Condition accents of the preview. The marketplace's conditions are new, like-new, good, fair
 * and poor; the preview also knows mint, excellent and very-good so that items graded
 * on those scales elsewhere still get a colour and a label.
 */
export const PREVIEW_CONDITION_ACCENTS: Readonly<Record<string, ConditionAccent>> = {
  mint: { label: 'Mint', color: '#15803d' },
  new: { label: 'New', color: '#047857' },
  'like-new': { label: 'Like New', color: '#0f766e' },
  excellent: { label: 'Excellent', color: '#4338ca' },
  'very-good': { label: 'Very Good', color: '#0e7490' },
  good: { label: 'Good', color: '#0369a1' },
  fair: { label: 'Fair', color: '#b45309' },
  poor: { label: 'Poor', color: '#57534e' },
};

const UNKNOWN_ACCENT_COLOR = '#475569';

/** The accent for a condition value, matched loosely ('Very Good', 'very_good'); unknown ones get a neutral slate. */
export function conditionAccent(condition: string): ConditionAccent {
  const key = condition
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  const known = PREVIEW_CONDITION_ACCENTS[key];
  if (known) return known;
  const label = key
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return { label: label || 'Unknown', color: UNKNOWN_ACCENT_COLOR };
}

/**
 * Bar lengths for the value comparison, as percentages of the higher value (the higher item
 * fills its bar). A zero value still shows a sliver so the bar reads as a bar.
 */
export function valueBarPercents(
  offeredCents: number,
  wantedCents: number,
): { user: number; target: number } {
  const highest = Math.max(offeredCents, wantedCents, 0);
  if (highest === 0) return { user: 2, target: 2 };
  const percent = (cents: number) => Math.max(2, Math.round((Math.max(cents, 0) / highest) * 100));
  return { user: percent(offeredCents), target: percent(wantedCents) };
}
