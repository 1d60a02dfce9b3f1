import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBody, idParam, userIdParam } from '../../../common/api/common';
import {
  counterOfferInput,
  disputeInput,
  disputeResolutionInput,
  moderationDispute,
  receivedInput,
  reliability,
  shipmentInput,
  tradeCounts,
  tradeDispute,
  tradePage,
  tradePageQuery,
  tradeRequest,
  tradeRequestDetail,
  tradeRequestInput,
  tradeStatusInput,
} from '../../../common/api/trades';
import { registerModerationQueue } from '../../lib/moderation-routes';
import { openDispute } from './disputes.service';
import { listDisputes, resolveDispute } from './moderation-queue';
import { memberReliability } from './reliability.query';
import { markTradeSent, recordShipment } from './shipments.service';
import { getTradeDetail } from './trade-detail';
import { countTrades, listTradePage } from './trade-list.query';
import { counterOffer, createTradeRequest } from './trade-offers.service';
import { listTradeRequests } from './trade-read.service';
import { confirmReceived, updateTradeStatus } from './trade-transitions.service';

export const tradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const timers = app.config.tradeTimers;

  app.get(
    '/api/trade-requests',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(tradeRequest) } } },
    async (request) => listTradeRequests(ctx, request.member.id, timers),
  );

  app.get(
    '/api/trade-requests/page',
    {
      config: { auth: 'member' },
      schema: { querystring: tradePageQuery, response: { 200: tradePage } },
    },
    async (request) => listTradePage(ctx, request.member.id, timers, request.query),
  );

  app.get(
    '/api/trade-requests/counts',
    { config: { auth: 'member' }, schema: { response: { 200: tradeCounts } } },
    async (request) => countTrades(ctx, request.member.id),
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

  app.get(
    '/api/trade-requests/:id',
    {
      config: { auth: 'member' },
      schema: { params: idParam, response: { 200: tradeRequestDetail } },
    },
    async (request) => getTradeDetail(ctx, request.member.id, request.params.id, timers),
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
      schema: { params: idParam, body: receivedInput, response: { 200: tradeRequest } },
    },
    async (request) => confirmReceived(ctx, request.member.id, request.params.id, timers),
  );

  app.post(
    '/api/trade-requests/:id/sent',
    {
      config: { auth: 'member', memberLimit: 'shipment' },
      schema: { params: idParam, body: emptyBody, response: { 200: tradeRequest } },
    },
    async (request) => markTradeSent(ctx, request.member.id, request.params.id, timers),
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
