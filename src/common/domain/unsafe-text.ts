/**
 * Text no field may hold: a NUL byte (PostgreSQL text cannot store it) or a lone UTF-16 surrogate
 * (it has no UTF-8 form, so it would be silently replaced or refused by the database). Shared by
 * the HTTP guard and the WebSocket parser so that both refuse the same input with the same words.
 */
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL bytes or invalid Unicode characters';

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/**
 * The path of the first string (value or object key) with unsafe text in a parsed JSON value, or
 * null when there is none. Depth is bounded: JSON bodies are limited in size, and deeper nesting
 * than any contract accepts is refused by validation anyway.
 */
export function findUnsafeText(
  value: unknown,
  path: Array<string | number> = [],
  depth = 0,
): Array<string | number> | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnsafeText(value[index], [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (isUnsafeText(key)) return [...path, key];
    const found = findUnsafeText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/*
 * One-line text: names, titles, brands, sizes, tags, locations, saved-search names. Such text
 * lands in email subjects and greetings, in notification titles and beside other members' names,
 * so it may hold no character that breaks a line or that changes how the text around it reads:
 * - C0 and C1 control characters and DEL (tab, CR and LF among them: a CR/LF in a subject would
 *   start a new mail header);
 * - the line and paragraph separators U+2028 and U+2029;
 * - the bidirectional embeddings and overrides U+202A–U+202E and isolates U+2066–U+2069, which
 *   display text in an order other than the one it is written in ("gpj.exe" shown as "exe.jpg");
 * - the invisible zero-width space U+200B, word joiner and invisible operators U+2060–U+2064 and
 *   the byte order mark U+FEFF, which make two different names look the same.
 * The left-to-right and right-to-left marks U+200E and U+200F, the Arabic letter mark U+061C and the
 * zero-width (non-)joiners U+200C and U+200D stay allowed: writing mixed-direction names, Persian
 * and Indic scripts, and emoji sequences needs them, and none of them moves text or hides a line.
 * Text of several lines (descriptions, bios, messages) keeps its line breaks.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u200b\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

export const ONE_LINE_MESSAGE = 'must not contain line breaks, control or invisible formatting characters';

/** Whether `value` is fit for a one-line field (see above). */
export function isOneLineText(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/**
 * `value` made fit for one line: each run of the characters a one-line field refuses becomes one
 * space. For text that is not a member's input (a name from a sign-in provider, an email subject
 * built from text stored before the rule).
 */
export function toOneLine(value: string): string {
  return value.replace(new RegExp(`${NOT_ONE_LINE.source}+`, 'g'), ' ');
}
