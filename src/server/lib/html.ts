/*
 * Text the server writes into HTML it builds (the app's page, emails, the outbox and unsubscribe
 * pages) is escaped here, for element content and quoted attribute values alike.
 *
 * It is also inserted word for word: `String.prototype.replace` reads `$&`, `$'`, `` $` ``, `$1` and
 * `$<name>` in a string replacement as patterns, so a listing titled `` $` `` would copy the page
 * before the insertion point into it (once per occurrence: a few such titles made /browse hundreds
 * of megabytes). A function's answer is never read so; the lint rule in eslint.config.js refuses
 * anything but a constant string or a function as the replacement of `replace`/`replaceAll`.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` as HTML: safe as element content and inside a single- or double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
