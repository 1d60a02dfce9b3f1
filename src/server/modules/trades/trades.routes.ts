import { z } from 'zod';
import { idParam } from '../../../common/api/common';
import { tradeRequest, tradeRequestInput, tradeStatusInput } from '../../../common/api/trades';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import { confirmReceived, createTradeRequest, listTradeRequests, updateTradeStatus } from './trades.service';

export async function tradesRoutes(app: AppInstance) {
  const ctx = { db: app.db, events: app.events };

  app.get('/api/trade-requests', { schema: { response: { 200: z.array(tradeRequest) } } }, async (request) =>
    listTradeRequests(app.db, (await requireUser(request)).id),
  );

  app.post(
    '/api/trade-requests',
    { schema: { body: tradeRequestInput, response: { 201: tradeRequest } } },
    async (request, reply) => {
      const member = await requireUser(request);
      return reply.status(201).send(await createTradeRequest(ctx, member.id, request.body));
    },
  );

  app.patch(
    '/api/trade-requests/:id',
    { schema: { params: idParam, body: tradeStatusInput, response: { 200: tradeRequest } } },
    async (request) =>
      updateTradeStatus(ctx, (await requireUser(request)).id, request.params.id, request.body),
  );

  app.post(
    '/api/trade-requests/:id/received',
    { schema: { params: idParam, body: z.object({}).strict().nullish(), response: { 200: tradeRequest } } },
    async (request) => confirmReceived(ctx, (await requireUser(request)).id, request.params.id),
  );
}
