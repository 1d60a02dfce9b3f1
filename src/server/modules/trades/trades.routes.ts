import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBody, idParam, userIdParam } from '../../../common/api/common';
import {
  counterOfferInput,
  disputeInput,
  disputeResolutionInput,
  moderationDispute,
  reliability,
  shipmentInput,
  tradeDispute,
  tradeRequest,
  tradeRequestInput,
  tradeStatusInput,
} from '../../../common/api/trades';
import { registerModerationQueue } from '../../lib/moderation-routes';
import { openDispute } from './disputes.service';
import { listDisputes, resolveDispute } from './moderation-queue';
import { memberReliability } from './reliability.query';
import { recordShipment } from './shipments.service';
import {
  confirmReceived,
  counterOffer,
  createTradeRequest,
  listTradeRequests,
  updateTradeStatus,
} from './trades.service';

export const tradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const timers = app.config.tradeTimers;

  app.get(
    '/api/trade-requests',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(tradeRequest) } } },
    async (request) => listTradeRequests(ctx, request.member.id, timers),
  );

  app.post(
    '/api/trade-requests',
    {
      config: { auth: 'member', memberLimit: 'tradeRequest', verifiedEmail: true },
      schema: { body: tradeRequestInput, response: { 201: tradeRequest } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTradeRequest(ctx, request.member.id, request.body, timers)),
  );

  app.patch(
    '/api/trade-requests/:id',
    {
      config: { auth: 'member' },
      schema: { params: idParam, body: tradeStatusInput, response: { 200: tradeRequest } },
    },
    async (request) => {
      if (request.body.status === 'cancelled') await app.memberLimiter.take('tradeCancel', request.member.id);
      return updateTradeStatus(ctx, request.member.id, request.params.id, request.body, timers);
    },
  );

  app.post(
    '/api/trade-requests/:id/counter',
    {
      config: { auth: 'member', memberLimit: 'counterOffer', verifiedEmail: true },
      schema: { params: idParam, body: counterOfferInput, response: { 200: tradeRequest } },
    },
    async (request) => counterOffer(ctx, request.member.id, request.params.id, request.body, timers),
  );

  app.post(
    '/api/trade-requests/:id/received',
    {
      config: { auth: 'member' },
      schema: { params: idParam, body: emptyBody, response: { 200: tradeRequest } },
    },
    async (request) => confirmReceived(ctx, request.member.id, request.params.id, timers),
  );

  app.post(
    '/api/trade-requests/:id/shipment',
    {
      config: { auth: 'member', memberLimit: 'shipment' },
      schema: { params: idParam, body: shipmentInput, response: { 200: tradeRequest } },
    },
    async (request) => recordShipment(ctx, request.member.id, request.params.id, request.body, timers),
  );

  app.post(
    '/api/trade-requests/:id/dispute',
    {
      config: { auth: 'member', memberLimit: 'dispute' },
      schema: { params: idParam, body: disputeInput, response: { 201: tradeRequest } },
    },
    async (request, reply) => {
      const trade = await openDispute(ctx, request.member.id, request.params.id, request.body, timers);
      return reply.status(201).send(trade);
    },
  );

  app.get(
    '/api/users/:userId/reliability',
    { config: { auth: 'public' }, schema: { params: userIdParam, response: { 200: reliability } } },
    async (request) => memberReliability(ctx, request.params.userId),
  );

  registerModerationQueue(app, '/api/moderation/disputes', moderationDispute, (status) =>
    listDisputes(ctx, status),
  );

  app.post(
    '/api/moderation/disputes/:id/resolve',
    {
      config: { auth: 'moderator', memberLimit: 'moderation' },
      schema: { params: idParam, body: disputeResolutionInput, response: { 200: tradeDispute } },
    },
    async (request) => resolveDispute(ctx, request.member.id, request.params.id, request.body),
  );
};
