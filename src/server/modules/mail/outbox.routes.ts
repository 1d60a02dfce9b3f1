import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outbox } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';

const OUTBOX_PAGE_SIZE = 50;

/** The escaped text with its http(s) links made clickable. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * /dev/outbox: the mail a server without SMTP_URL kept instead of sending, newest first, so that a
 * demo can follow the links in it. Only in demo mode; anywhere else it does not exist (404).
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    if (!app.config.demo) throw notFound('http.not_found');
    const rows = await app.db
      .select()
      .from(outbox)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(OUTBOX_PAGE_SIZE);
    const list = rows
      .map(
        (row) => `<article class="mail">
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To <span class="to">${escapeHtml(row.to)}</span> · <time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toUTCString())}</time></p>
  <pre>${linkify(row.text)}</pre>
</article>`,
      )
      .join('\n');
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Threadswap demo</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:760px;padding:16px;color:#1f2937;line-height:1.5}
h1{font-size:1.5rem}.note{color:#555}.mail{border:1px solid #d1d5db;border-radius:8px;padding:12px 16px;margin:16px 0}
.mail h2{font-size:1.1rem;margin:0}.meta{color:#555;font-size:.875rem;margin:4px 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}a{color:#0f766e}
</style></head><body><main>
<h1>Outbox</h1>
<p class="note">This demo server has no mail server (SMTP_URL), so the emails it would send are kept here, newest first (the last ${OUTBOX_PAGE_SIZE}). Anyone using the demo can read them.</p>
${list || '<p>No mail yet.</p>'}
<p><a href="/">Back to Threadswap</a></p>
</main></body></html>`;
  });
};
