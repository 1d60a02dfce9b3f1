import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, type Locale, pickLocale, toLocale } from '../../common/domain/locales';
import { settingsRow } from './community-settings';
import { currentUser } from './session';

/**
 * The language of this request's page: the signed-in member's stored choice, else the `lang`
 * cookie set by the footer's picker, else Accept-Language weighed against the community's default
 * language (an admin's setting: it wins whenever the browser lists it, see `browserLocale` in
 * src/common/domain/locales.ts), else the community's default language. The settings row is read
 * only for a reader who chose nothing.
 */
export async function requestLocale(request: FastifyRequest): Promise<Locale> {
  const member = await currentUser(request).catch(() => null);
  const chosen = toLocale(member?.locale) ?? toLocale(request.cookies[LOCALE_COOKIE]);
  if (chosen) return chosen;
  return pickLocale({
    acceptLanguage: request.headers['accept-language'],
    community: await communityLanguage(request),
  });
}

/** The community's default language, or null should the settings not be readable (English then). */
async function communityLanguage(request: FastifyRequest): Promise<Locale | null> {
  const services = request.server.services;
  try {
    return (await settingsRow(services.db, services.communitySeed)).language;
  } catch (error) {
    request.log.warn({ err: error }, 'community settings unreadable; serving the default language');
    return null;
  }
}
