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
