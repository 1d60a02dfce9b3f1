import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedResponse,
  authStatus,
  demoLoginInput,
  emailChangeConfirmInput,
  emailChangeInput,
  passwordResetConfirmInput,
  passwordResetInput,
  verifyEmailInput,
  endedSessions,
  endSessionsQuery,
  memberSessions,
  loginInput,
  registerInput,
} from '../../../common/api/auth';
import { idParam, okResponse } from '../../../common/api/common';
import { accountDeletionInput, passwordChangeInput } from '../../../common/api/safety';
import { user as userSchema } from '../../../common/api/users';
import { isModerator } from '../../lib/authentication';
import { notFound, tooManyRequests } from '../../lib/errors';
import {
  clearSessionCookie,
  currentUser,
  deleteSession,
  SESSION_COOKIE,
  type SessionUser,
} from '../../lib/session';
import { startSession } from './start-session';
import { KEEPS_MARKETPLACE } from '../items';
import { presentUser } from '../users';
import {
  authenticate,
  changePassword,
  deleteAccount,
  DEMO_MEMBER_EMAIL,
  findByEmail,
  registerMember,
} from './auth.service';
import { refuseForDemoAccount } from './demo-account';
import { assertAcceptablePassword } from '../../lib/password-policy';
import { endOtherSessions, endSession, listSessions } from './sessions.service';
import {
  confirmEmailChange,
  confirmPasswordReset,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  verifyEmail,
} from './email.service';
import { createMailLimiter, MAIL_PER_ADDRESS_PER_HOUR } from '../../lib/rate-limit';
import { requestLocale } from '../../lib/request-locale';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const { authLimiter } = app;
  /** The member's own record, with whether they may moderate. */
  const presentSelf = (member: SessionUser) => ({
    ...presentUser(member),
    isModerator: isModerator(member),
    isAdmin: member.role === 'admin',
    emailVerified: Boolean(member.emailVerifiedAt),
    emailVerificationRequired: app.config.mail.requireEmailVerification,
  });
  const mailLimiter = createMailLimiter(MAIL_PER_ADDRESS_PER_HOUR, 60 * 60, app.database.pool);

  app.post(
    '/api/auth/register',
    {
      config: { auth: 'public', ...KEEPS_MARKETPLACE },
      schema: { body: registerInput, response: { 201: userSchema } },
    },
    async (request, reply) => {
      await authLimiter.checkIp(request.ip);
      const { email, firstName, lastName, password } = request.body;
      await assertAcceptablePassword(password, [email, firstName, lastName ?? '']);
      const created = await registerMember(ctx, request.body, await requestLocale(request));
      await startSession(request, reply, created.id);
      return reply.status(201).send(presentUser(created));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { auth: 'public', ...KEEPS_MARKETPLACE },
      schema: { body: loginInput, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const member = await authLimiter.attempt(request.ip, request.body.email, () =>
        authenticate(ctx, request.body.email, request.body.password),
      );
      await startSession(request, reply, member.id);
      return presentUser(member);
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { auth: 'public', ...KEEPS_MARKETPLACE }, schema: { response: { 200: okResponse } } },
    async (request, reply) => {
      await deleteSession(ctx, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/status',
    { config: { auth: 'public' }, schema: { response: { 200: authStatus } } },
    async (request) => {
      const member = await currentUser(request);
      const external = app.config.oidc;
      return {
        authenticated: Boolean(member),
        user: member ? presentSelf(member) : null,
        externalSignIn: external ? { providerName: external.providerName } : null,
        demo: app.config.demo,
      };
    },
  );

  app.get(
    '/api/auth/user',
    { config: { auth: 'member' }, schema: { response: { 200: userSchema } } },
    async (request) => presentSelf(request.member),
  );

  app.post(
    '/api/auth/password',
    { config: { auth: 'member' }, schema: { body: passwordChangeInput, response: { 200: okResponse } } },
    async (request) => {
      const member = request.member;
      refuseForDemoAccount(member, 'change_password');
      await assertAcceptablePassword(
        request.body.newPassword,
        [member.email, member.firstName],
        'newPassword',
      );
      await authLimiter.attempt(request.ip, member.email, () =>
        changePassword(
          ctx,
          member.id,
          request.body.currentPassword,
          request.body.newPassword,
          request.cookies[SESSION_COOKIE],
        ),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset',
    { config: { auth: 'public' }, schema: { body: passwordResetInput, response: { 202: acceptedResponse } } },
    async (request, reply) => {
      await authLimiter.checkIp(request.ip);
      const { email } = request.body;
      // The page's language (cookie, Accept-Language): the email's, unless the account has its own.
      const locale = await requestLocale(request);
      // Answered before any lookup: the same answer, in the same time, whether the account exists.
      ctx.mailer.defer('password-reset', async () => {
        if (await mailLimiter.allow(email)) await requestPasswordReset(ctx, email, locale);
      });
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { auth: 'public', ...KEEPS_MARKETPLACE },
      schema: { body: passwordResetConfirmInput, response: { 200: okResponse } },
    },
    async (request) => {
      await authLimiter.checkIp(request.ip);
      await confirmPasswordReset(ctx, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { auth: 'public', ...KEEPS_MARKETPLACE },
      schema: { body: verifyEmailInput, response: { 200: okResponse } },
    },
    async (request) => {
      await authLimiter.checkIp(request.ip);
      await verifyEmail(ctx, request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    { config: { auth: 'member', ...KEEPS_MARKETPLACE }, schema: { response: { 202: acceptedResponse } } },
    async (request, reply) => {
      if (!(await mailLimiter.allow(request.member.email)))
        throw tooManyRequests('auth.verification_links_exhausted', {}, 60 * 60);
      await resendVerification(ctx, request.member.id, await requestLocale(request));
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/auth/email-change',
    {
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { body: emailChangeInput, response: { 202: acceptedResponse } },
    },
    async (request, reply) => {
      const member = request.member;
      refuseForDemoAccount(member, 'change_email');
      if (!(await mailLimiter.allow(request.body.newEmail)))
        throw tooManyRequests('auth.too_many_emails_to_address', {}, 60 * 60);
      const locale = await requestLocale(request);
      await authLimiter.attempt(request.ip, member.email, () =>
        requestEmailChange(ctx, member.id, request.body.newEmail, request.body.password, locale),
      );
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/auth/email-change/confirm',
    {
      config: { auth: 'public', ...KEEPS_MARKETPLACE },
      schema: { body: emailChangeConfirmInput, response: { 200: okResponse } },
    },
    async (request) => {
      await authLimiter.checkIp(request.ip);
      await confirmEmailChange(ctx, request.body.token, request.cookies[SESSION_COOKIE]);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/auth/account',
    { config: { auth: 'member' }, schema: { body: accountDeletionInput, response: { 200: okResponse } } },
    async (request, reply) => {
      const member = request.member;
      refuseForDemoAccount(member, 'delete');
      await authLimiter.attempt(request.ip, member.email, () =>
        deleteAccount(ctx, member.id, request.body.password),
      );
      clearSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/sessions',
    { config: { auth: 'member' }, schema: { response: { 200: memberSessions } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSessions(ctx, request.member.id, request.memberSession.sessionId);
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { params: idParam, response: { 200: okResponse } },
    },
    async (request) => {
      await endSession(ctx, request.member.id, request.params.id);
      return { ok: true as const };
    },
  );

  /** Ends every session of the member but this one: `?others=true`, and the POST for clients without DELETE queries. */
  const endOthers = async (request: FastifyRequest) => ({
    ended: await endOtherSessions(ctx, request.member.id, request.memberSession.sessionId),
  });
  app.delete(
    '/api/auth/sessions',
    {
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { querystring: endSessionsQuery, response: { 200: endedSessions } },
    },
    endOthers,
  );
  app.post(
    '/api/auth/sessions/end-others',
    { config: { auth: 'member', ...KEEPS_MARKETPLACE }, schema: { response: { 200: endedSessions } } },
    endOthers,
  );

  app.post(
    '/api/demo-login-user',
    { config: { auth: 'public' }, schema: { body: demoLoginInput, response: { 200: userSchema } } },
    async (request, reply) => {
      if (!app.config.demo) throw notFound('auth.dev_login_disabled');
      await authLimiter.checkDemo(request.ip);
      const demo = await findByEmail(ctx, DEMO_MEMBER_EMAIL);
      if (!demo) throw notFound('auth.demo_member_missing');
      await startSession(request, reply, demo.id);
      return presentUser(demo);
    },
  );
};
