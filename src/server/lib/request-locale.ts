import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, type Locale, pickLocale } from '../../common/domain/locales';
import { currentUser } from './session';

/**
 * The language of this request's page: the signed-in member's stored choice, else the `lang`
 * cookie set by the footer's picker, else Accept-Language, else English.
 */
export async function requestLocale(request: FastifyRequest): Promise<Locale> {
  const member = await currentUser(request).catch(() => null);
  return pickLocale({
    stored: member?.locale,
    cookie: request.cookies[LOCALE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
}
