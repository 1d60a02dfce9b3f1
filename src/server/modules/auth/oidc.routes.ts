import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ExternalSignInError, redirectQuery } from '../../../common/api/auth';
import { HttpError, notFound } from '../../lib/errors';
import { KEEPS_MARKETPLACE } from '../items';
import { ExternalAccountRefused, memberForExternalProfile } from './external-accounts.service';
import {
  createOidcClient,
  ExternalSignInFailed,
  OIDC_CALLBACK_PATH,
  OIDC_TRANSACTION_COOKIE,
  OIDC_TRANSACTION_SECONDS,
} from './oidc.client';
import { startSession } from './start-session';

/**
 * The full-page sign-in entry points. With an OpenID Connect provider configured (OIDC_ISSUER,
 * OIDC_CLIENT_ID, OIDC_CLIENT_SECRET), `/api/login` and `/api/auth/external` send the browser to
 * it and `/api/auth/oidc/callback` signs the member in when it comes back; every failure lands on
 * `/?auth=login&error={code}`, which the sign-in dialog explains. Without one, they open the auth
 * dialog on the right tab and the callback does not exist.
 */
export const externalSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.oidc;
  const client = settings ? createOidcClient(settings, app.config.mail.appUrl) : undefined;
  const cookieOptions = {
    path: OIDC_CALLBACK_PATH,
    httpOnly: true,
    // Lax: the cookie goes along on the provider's top-level redirect back to the callback.
    sameSite: 'lax' as const,
    secure: app.config.cookieSecure,
  };

  const failed = (reply: FastifyReply, code: ExternalSignInError) =>
    reply.redirect(`/?auth=login&error=${code}`);

  /** The per-IP budget of sign-in attempts, shared with password sign-in; past it, the dialog says so. */
  async function withinBudget(request: FastifyRequest) {
    try {
      await app.authLimiter.checkIp(request.ip);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false;
      throw error;
    }
  }

  const startExternal = async (request: FastifyRequest, reply: FastifyReply, fallback: string) => {
    if (!client) return reply.redirect(fallback);
    if (!(await withinBudget(request))) return failed(reply, 'external-too-many');
    try {
      const { url, sealed } = await client.start();
      reply.setCookie(OIDC_TRANSACTION_COOKIE, sealed, {
        ...cookieOptions,
        maxAge: OIDC_TRANSACTION_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(url);
    } catch (error) {
      if (!(error instanceof ExternalSignInFailed)) throw error;
      request.log.warn({ code: error.code, reason: String(error.cause) }, 'external sign-in could not start');
      return failed(reply, error.code);
    }
  };

  const entry = { config: { auth: 'public' as const }, schema: { querystring: redirectQuery } };
  app.get('/api/login', entry, (request, reply) => startExternal(request, reply, '/?auth=login'));
  app.get('/api/auth/external', entry, (request, reply) => startExternal(request, reply, '/?auth=register'));
  app.get('/api/auth/email', entry, (_request, reply) => reply.redirect('/?auth=register'));

  app.get(
    OIDC_CALLBACK_PATH,
    { config: { auth: 'public', ...KEEPS_MARKETPLACE }, schema: { querystring: redirectQuery } },
    async (request, reply) => {
      if (!client) throw notFound('auth.external_sign_in_unconfigured');
      reply.header('cache-control', 'no-store').clearCookie(OIDC_TRANSACTION_COOKIE, cookieOptions);
      if (!(await withinBudget(request))) return failed(reply, 'external-too-many');
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      try {
        const profile = await client.finish(search, request.cookies[OIDC_TRANSACTION_COOKIE]);
        const member = await memberForExternalProfile(app.services, profile);
        await startSession(request, reply, member.id);
        return reply.redirect('/');
      } catch (error) {
        if (error instanceof ExternalAccountRefused) return failed(reply, error.code);
        if (!(error instanceof ExternalSignInFailed)) throw error;
        // The reason names the check that failed (state, nonce, provider error); never a token.
        request.log.warn({ code: error.code, reason: String(error.cause) }, 'external sign-in refused');
        return failed(reply, error.code);
      }
    },
  );
};
