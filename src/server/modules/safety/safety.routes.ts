import { z } from 'zod';
import { idParam, okResponse } from '../../../common/api/common';
import {
  blockedMember,
  blockInput,
  report,
  reportInput,
  reportStatusInput,
} from '../../../common/api/safety';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import {
  block,
  createReport,
  listBlocked,
  listReports,
  requireModerator,
  setReportStatus,
  unblock,
} from './safety.service';

export async function safetyRoutes(app: AppInstance) {
  const { db } = app;

  app.post(
    '/api/reports',
    { schema: { body: reportInput, response: { 201: okResponse } } },
    async (request, reply) => {
      await createReport(db, (await requireUser(request)).id, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get('/api/blocks', { schema: { response: { 200: z.array(blockedMember) } } }, async (request) =>
    listBlocked(db, (await requireUser(request)).id),
  );

  app.post(
    '/api/blocks',
    { schema: { body: blockInput, response: { 201: okResponse } } },
    async (request, reply) => {
      await block(db, (await requireUser(request)).id, request.body.userId);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.delete(
    '/api/blocks/:userId',
    { schema: { params: z.object({ userId: z.uuid({ message: 'Invalid member id' }) }) } },
    async (request, reply) => {
      await unblock(db, (await requireUser(request)).id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/moderation/reports',
    {
      schema: {
        querystring: z
          .object({
            status: z
              .enum(['open', 'resolved'], { message: 'status must be open or resolved' })
              .default('open'),
          })
          .strict(),
        response: { 200: z.array(report) },
      },
    },
    async (request) => {
      const member = await requireUser(request);
      requireModerator(member);
      return listReports(db, request.query.status);
    },
  );

  app.patch(
    '/api/moderation/reports/:id',
    { schema: { params: idParam, body: reportStatusInput, response: { 200: okResponse } } },
    async (request) => {
      const member = await requireUser(request);
      requireModerator(member);
      await setReportStatus(db, request.params.id, request.body.status);
      return { ok: true as const };
    },
  );
}
