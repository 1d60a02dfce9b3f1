import { KEEPS_MARKETPLACE } from '../items';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okResponse, userIdParam } from '../../../common/api/common';
import {
  blockedMember,
  blockInput,
  report,
  reportInput,
  reportStatusInput,
} from '../../../common/api/safety';
import { registerModerationQueue } from '../../lib/moderation-routes';
import { setReportStatus } from '../moderation';
import { block, createReport, listBlocked, listReports, unblock } from './safety.service';

export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.post(
    '/api/reports',
    {
      // Not KEEPS_MARKETPLACE: enough reports hide the listing (REPORT_HIDE_THRESHOLD).
      config: { auth: 'member', memberLimit: 'report' },
      schema: { body: reportInput, response: { 201: okResponse } },
    },
    async (request, reply) => {
      await createReport(ctx, request.member.id, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/blocks',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(blockedMember) } } },
    async (request) => listBlocked(ctx, request.member.id),
  );

  app.post(
    '/api/blocks',
    {
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { body: blockInput, response: { 201: okResponse } },
    },
    async (request, reply) => {
      await block(ctx, request.member.id, request.body.userId);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.delete(
    '/api/blocks/:userId',
    { config: { auth: 'member', ...KEEPS_MARKETPLACE }, schema: { params: userIdParam } },
    async (request, reply) => {
      await unblock(ctx, request.member.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  registerModerationQueue(app, '/api/moderation/reports', report, (status) => listReports(ctx, status));

  app.patch(
    '/api/moderation/reports/:id',
    {
      config: { auth: 'moderator', memberLimit: 'moderation' },
      schema: { params: idParam, body: reportStatusInput, response: { 200: okResponse } },
    },
    async (request) => {
      await setReportStatus(ctx, request.member.id, request.params.id, request.body.status);
      return { ok: true as const };
    },
  );
};
