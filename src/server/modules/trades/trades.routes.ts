import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBody, idParam } from '../../../common/api/common';
import { tradeRequest, tradeRequestInput, tradeStatusInput } from '../../../common/api/trades';
import { confirmReceived, createTradeRequest, listTradeRequests, updateTradeStatus } from './trades.service';

export const tradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/trade-requests',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(tradeRequest) } } },
    async (request) => listTradeRequests(ctx, request.member.id),
  );

  app.post(
    '/api/trade-requests',
    {
      config: { auth: 'member', memberLimit: 'tradeRequest' },
      schema: { body: tradeRequestInput, response: { 201: tradeRequest } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTradeRequest(ctx, request.member.id, request.body)),
  );

  app.patch(
    '/api/trade-requests/:id',
    {
      config: { auth: 'member' },
      schema: { params: idParam, body: tradeStatusInput, response: { 200: tradeRequest } },
    },
    async (request) => updateTradeStatus(ctx, request.member.id, request.params.id, request.body),
  );

  app.post(
    '/api/trade-requests/:id/received',
    {
      config: { auth: 'member' },
      schema: { params: idParam, body: emptyBody, response: { 200: tradeRequest } },
    },
    async (request) => confirmReceived(ctx, request.member.id, request.params.id),
  );
};
