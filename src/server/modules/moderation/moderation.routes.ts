import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okResponse } from '../../../common/api/common';
import {
  adminMemberPage,
  adminMembersQuery,
  appealDecisionInput,
  appealEntry,
  appealInput,
  auditPage,
  auditQuery,
  moderationQueueFilter,
  ownModerationEntry,
  removalInput,
  reportDismissalInput,
  reportGroup,
  roleInput,
  suspensionInput,
  warningInput,
} from '../../../common/api/moderation';
import { moderationQueueQuery } from '../../../common/api/common';
import {
  adminMemberDetail as adminMemberDetailAnswer,
  adminStats as adminStatsAnswer,
} from '../../../common/api/admin';
import { and, eq } from 'drizzle-orm';
import { moderationActions } from '../../db/schema';
import { currentUser } from '../../lib/session';
import { unauthorized } from '../../lib/errors';
import { KEEPS_MARKETPLACE } from '../items';
import { auditEntries, ownActions } from './audit';
import { searchMembers, setMemberRole } from './admin.service';
import { adminMemberDetail } from './admin-member';
import { adminStats } from './admin-stats';
import { createAppeal, decideAppeal, listAppeals } from './appeals.service';
import { liftSuspension, suspendMember, warnMember } from './member-sanctions.service';
import { dismissReports, removeItem, restoreItem } from './report-actions.service';
import { reportGroups } from './report-queue.service';

const AUDIT_PAGE_SIZE = 50;

/**
 * Moderators act on what members report (docs/operations.md, Moderation); admins also set roles and read the
 * audit log. Every action is recorded in the audit log in its own transaction.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const act = { auth: 'moderator', memberLimit: 'moderation' } as const;
  const read = { auth: 'moderator', memberLimit: 'moderationRead' } as const;

  app.post(
    '/api/moderation/items/:id/removal',
    { config: act, schema: { params: idParam, body: removalInput, response: { 201: okResponse } } },
    async (request, reply) => {
      await removeItem(ctx, request.member.id, request.params.id, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
  app.delete(
    '/api/moderation/items/:id/removal',
    { config: act, schema: { params: idParam } },
    async (request, reply) => {
      await restoreItem(ctx, request.member.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/moderation/members/:id/suspension',
    { config: act, schema: { params: idParam, body: suspensionInput, response: { 201: okResponse } } },
    async (request, reply) => {
      await suspendMember(ctx, request.member.id, request.params.id, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
  app.delete(
    '/api/moderation/members/:id/suspension',
    { config: act, schema: { params: idParam } },
    async (request, reply) => {
      await liftSuspension(ctx, request.member.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/moderation/members/:id/warnings',
    {
      config: { ...act, ...KEEPS_MARKETPLACE },
      schema: { params: idParam, body: warningInput, response: { 201: okResponse } },
    },
    async (request, reply) => {
      await warnMember(ctx, request.member.id, request.params.id, request.body.message);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/moderation/queue',
    { config: read, schema: { querystring: moderationQueueFilter, response: { 200: z.array(reportGroup) } } },
    async (request) => reportGroups(ctx, request.query.status, request.query.kind),
  );

  app.post(
    '/api/moderation/reports/dismissal',
    { config: act, schema: { body: reportDismissalInput, response: { 201: okResponse } } },
    async (request, reply) => {
      await dismissReports(ctx, request.member.id, request.body.targetType, request.body.targetId);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/moderation/appeals',
    { config: read, schema: { querystring: moderationQueueQuery, response: { 200: z.array(appealEntry) } } },
    async (request) => listAppeals(ctx, request.query.status),
  );
  app.post(
    '/api/moderation/appeals/:id/decision',
    { config: act, schema: { params: idParam, body: appealDecisionInput, response: { 201: okResponse } } },
    async (request, reply) => {
      await decideAppeal(ctx, request.member.id, request.params.id, request.body.decision);
      return reply.status(201).send({ ok: true as const });
    },
  );

  // Signed in, or with the token of a refused sign-in (a suspended member has no session).
  app.post(
    '/api/appeals',
    {
      config: { auth: 'public', ...KEEPS_MARKETPLACE },
      schema: { body: appealInput, response: { 201: okResponse } },
    },
    async (request, reply) => {
      const member = request.body.appealToken ? null : await currentUser(request);
      if (!request.body.appealToken && !member) throw unauthorized();
      if (member) await app.memberLimiter.take('appeal', member.id);
      const created = await createAppeal(ctx, member?.id ?? null, request.body);
      if (!member) await app.memberLimiter.take('appeal', created.memberId);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/users/moderation',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(ownModerationEntry) } } },
    async (request) => ownActions(ctx.db, request.member.id),
  );

  app.get(
    '/api/admin/members',
    {
      config: { auth: 'admin', memberLimit: 'moderationRead' },
      schema: { querystring: adminMembersQuery, response: { 200: adminMemberPage } },
    },
    async (request) => searchMembers(ctx, request.query.q, request.query.page),
  );
  app.get(
    '/api/admin/members/:id',
    {
      config: { auth: 'admin', memberLimit: 'moderationRead' },
      schema: { params: idParam, response: { 200: adminMemberDetailAnswer } },
    },
    async (request) => adminMemberDetail(ctx, request.params.id),
  );
  app.get(
    '/api/admin/stats',
    {
      config: { auth: 'admin', memberLimit: 'moderationRead' },
      schema: { response: { 200: adminStatsAnswer } },
    },
    async () => adminStats(ctx),
  );
  app.put(
    '/api/admin/members/:id/role',
    {
      config: { auth: 'admin', memberLimit: 'moderation', ...KEEPS_MARKETPLACE },
      schema: { params: idParam, body: roleInput, response: { 200: okResponse } },
    },
    async (request) => {
      await setMemberRole(ctx, request.member.id, request.params.id, request.body.role);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/admin/audit',
    {
      config: { auth: 'admin', memberLimit: 'moderationRead' },
      schema: { querystring: auditQuery, response: { 200: auditPage } },
    },
    async (request) => {
      const { page, action, actorId, subjectId, targetId } = request.query;
      const entries = await auditEntries(
        ctx.db,
        and(
          action ? eq(moderationActions.action, action) : undefined,
          actorId ? eq(moderationActions.actorId, actorId) : undefined,
          subjectId ? eq(moderationActions.subjectId, subjectId) : undefined,
          targetId ? eq(moderationActions.targetId, targetId) : undefined,
        ),
        AUDIT_PAGE_SIZE + 1,
        (page - 1) * AUDIT_PAGE_SIZE,
      );
      return { page, hasMore: entries.length > AUDIT_PAGE_SIZE, entries: entries.slice(0, AUDIT_PAGE_SIZE) };
    },
  );
};
