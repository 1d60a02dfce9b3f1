/**
 * WCAG 2 contrast between two theme colours written as CSS `oklch(L C H)` (the form
 * src/client/index.css uses), so that a test can hold text colours to 4.5:1 against their
 * background. Colours outside sRGB are clipped per channel, as browsers roughly show them.
 */

/** Relative luminance (WCAG 2) of a CSS `oklch(L C H)` colour, L from 0 to 1 and H in degrees. */
export function oklchLuminance(css: string): number {
  const match = /^oklch\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\)$/.exec(css.trim());
  if (!match) throw new Error(`not an oklch(L C H) colour: ${css}`);
  const [lightness, chroma, hueDegrees] = match.slice(1).map(Number) as [number, number, number];
  const hue = (hueDegrees * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  // OKLab to linear sRGB (Björn Ottosson's published matrices).
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (value: number) => Math.min(1, Math.max(0, value));
  const red = clip(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s);
  const green = clip(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s);
  const blue = clip(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG 2 contrast ratio of two CSS `oklch()` colours, from 1 to 21, whichever is lighter. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [oklchLuminance(first), oklchLuminance(second)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}
