import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type UnsubscribeScope, unsubscribeQuery } from '../../../common/api/email-preferences';
import type { Locale } from '../../../common/domain/locales';
import { recipientLocale, translator } from '../../lib/i18n';
import { requestLocale } from '../../lib/request-locale';
import { KEEPS_MARKETPLACE } from '../items';
import { turnOffEmails } from './email-preferences.service';
import { EMAIL_SETTINGS_PATH } from './notification-emails';
import { readUnsubscribeToken, UNSUBSCRIBE_PATH, unsubscribeToken } from './unsubscribe-links';
import { escapeHtml } from '../../lib/html';

/** A text of the page as HTML: escaped, with `{{link}}` standing for a link to `href` named by `linkKey`. */
function html(
  locale: Locale,
  key: string,
  values: Record<string, string>,
  link?: { key: string; href: string },
) {
  const t = translator(locale);
  const marker = '\u0000link\u0000';
  const escaped = escapeHtml(t(key, { ...values, link: marker }));
  if (!link) return escaped;
  return escaped.replace(marker, () => `<a href="${escapeHtml(link.href)}">${escapeHtml(t(link.key))}</a>`);
}

const what = (locale: Locale, scope: UnsubscribeScope) => {
  const t = translator(locale);
  return scope === 'all'
    ? t('emails:unsubscribePage.allEmails')
    : t('emails:unsubscribePage.emailsFor', { label: t(`emails:emailTypes.${scope}`) });
};

function page(reply: FastifyReply, locale: Locale, title: string, body: string) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer');
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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
      const { member, scope, locale: stored } = await readUnsubscribeToken(db, request.query.token);
      // The member's language, else the browser's: the page is theirs though nobody is signed in.
      const locale = recipientLocale(stored, await requestLocale(request));
      const t = translator(locale);
      const all =
        scope === 'all'
          ? ''
          : formFor(await unsubscribeToken(db, member, 'all'), t('emails:unsubscribePage.allButton'), true);
      // No email address: whoever holds the link (a forwarded email, a log) learns nothing of the member.
      const question = escapeHtml(t('emails:unsubscribePage.question', { what: what(locale, scope) }));
      return page(
        reply,
        locale,
        t('emails:unsubscribePage.title'),
        `<p>${question}</p>
${formFor(request.query.token, scope === 'all' ? t('emails:unsubscribePage.allButton') : t('emails:unsubscribePage.button'))}
${all}
<p>${html(locale, 'emails:unsubscribePage.settingsHint', {}, { key: 'emails:unsubscribePage.settingsLink', href: EMAIL_SETTINGS_PATH })}</p>`,
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
      const { member, scope, locale: stored } = await readUnsubscribeToken(db, request.query.token);
      await turnOffEmails(db, member.id, scope);
      if (!request.headers.accept?.includes('text/html')) return { ok: true as const, unsubscribed: scope };
      const locale = recipientLocale(stored, await requestLocale(request));
      const t = translator(locale);
      return reply.type('text/html; charset=utf-8').send(
        page(
          reply,
          locale,
          t('emails:unsubscribePage.doneTitle'),
          `<p>${escapeHtml(t('emails:unsubscribePage.done', { what: what(locale, scope) }))}</p>
<p>${html(locale, 'emails:unsubscribePage.changedMind', {}, { key: 'emails:unsubscribePage.settingsLink', href: EMAIL_SETTINGS_PATH })}</p>
<p><a href="/">${escapeHtml(t('emails:unsubscribePage.back'))}</a></p>`,
        ),
      );
    },
  );
};
