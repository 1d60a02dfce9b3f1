import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMAIL_TYPE_LABELS,
  type UnsubscribeScope,
  unsubscribeQuery,
} from '../../../common/api/email-preferences';
import { KEEPS_MARKETPLACE } from '../items/marketplace-cache';
import { turnOffEmails } from './email-preferences.service';
import { EMAIL_SETTINGS_PATH } from './notification-emails';
import { readUnsubscribeToken, UNSUBSCRIBE_PATH, unsubscribeToken } from './unsubscribe-links';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const what = (scope: UnsubscribeScope) =>
  scope === 'all' ? 'all Threadswap emails' : `emails for "${EMAIL_TYPE_LABELS[scope]}"`;

function page(reply: FastifyReply, title: string, body: string) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Threadswap</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:560px;padding:24px 16px;color:#1f2937;line-height:1.5}
h1{font-size:1.5rem;margin:0 0 12px}form{margin:16px 0}
button{font:inherit;border:0;border-radius:6px;padding:12px 20px;min-height:44px;cursor:pointer;background:#0f766e;color:#fff}
button.secondary{background:#fff;color:#0f766e;border:1px solid #0f766e}a{color:#0f766e}
</style></head><body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

const formFor = (token: string, label: string, secondary = false) =>
  `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;

/**
 * One-click unsubscribe (RFC 8058), without signing in: the token in the link is the authority (see
 * unsubscribe-links.ts). The link in an email opens the GET page, which only asks; the POST, from
 * that page or straight from the mail client (`List-Unsubscribe-Post`), turns the emails off.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.services.db;
  // Mail clients post `List-Unsubscribe=One-Click` as a form; the token is in the URL, so the body is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    UNSUBSCRIBE_PATH,
    { config: { auth: 'public' }, schema: { querystring: unsubscribeQuery, hide: true } },
    async (request, reply) => {
      const { memberId, scope, email } = await readUnsubscribeToken(db, request.query.token);
      const all =
        scope === 'all'
          ? ''
          : formFor(await unsubscribeToken(db, memberId, 'all'), 'Unsubscribe from all emails', true);
      return page(
        reply,
        'Unsubscribe',
        `<p>Stop sending ${escapeHtml(what(scope))} to <strong>${escapeHtml(email)}</strong>?</p>
${formFor(request.query.token, scope === 'all' ? 'Unsubscribe from all emails' : 'Unsubscribe')}
${all}
<p>You can also choose which emails you get in your <a href="${EMAIL_SETTINGS_PATH}">email settings</a>.</p>`,
      );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      config: { auth: 'public', ...KEEPS_MARKETPLACE },
      // Answers `{ ok: true, unsubscribed: <scope> }`, or a page to a browser (the GET page's form).
      schema: { querystring: unsubscribeQuery, hide: true },
    },
    async (request, reply) => {
      const { memberId, scope } = await readUnsubscribeToken(db, request.query.token);
      await turnOffEmails(db, memberId, scope);
      if (!request.headers.accept?.includes('text/html')) return { ok: true as const, unsubscribed: scope };
      return reply.type('text/html; charset=utf-8').send(
        page(
          reply,
          'You are unsubscribed',
          `<p>We will not send you ${escapeHtml(what(scope))} any more.</p>
<p>Changed your mind? Turn them back on in your <a href="${EMAIL_SETTINGS_PATH}">email settings</a>.</p>
<p><a href="/">Back to Threadswap</a></p>`,
        ),
      );
    },
  );
};
