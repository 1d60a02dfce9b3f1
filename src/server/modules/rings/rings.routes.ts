import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBody, idParam } from '../../../common/api/common';
import { ring, ringDetail, ringStatusInput } from '../../../common/api/rings';
import { disputeInput, receivedInput, shipmentInput } from '../../../common/api/trades';
import { markRingSent } from './ring-sending';
import { requireVerifiedEmail } from '../../lib/email-verification';
import { openRingDispute } from './ring-disputes.service';
import { recordRingShipment } from './ring-shipments.service';
import { getRingDetail } from './ring-history';
import { answerRing, confirmRingReceived } from './ring-commands.service';
import { listRings } from './ring-read.service';

export const ringsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const timers = app.config.tradeTimers;

  app.get(
    '/api/rings',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(ring) } } },
    async (request) => listRings(ctx, request.member.id, timers),
  );

  app.get(
    '/api/rings/:id',
    { config: { auth: 'member' }, schema: { params: idParam, response: { 200: ringDetail } } },
    async (request) => getRingDetail(ctx, request.member.id, request.params.id, timers),
  );

  app.patch(
    '/api/rings/:id',
    {
      config: { auth: 'member' },
      schema: { params: idParam, body: ringStatusInput, response: { 200: ring } },
    },
    async (request) => {
      // Accepting commits the member's item to the ring, like sending a trade request.
      if (request.body.status === 'accepted') requireVerifiedEmail(app, request.member);
      await app.memberLimiter.take('ringAction', request.member.id);
      return answerRing(ctx, request.member.id, request.params.id, request.body, timers);
    },
  );

  app.post(
    '/api/rings/:id/received',
    { config: { auth: 'member' }, schema: { params: idParam, body: receivedInput, response: { 200: ring } } },
    async (request) => {
      await app.memberLimiter.take('ringAction', request.member.id);
      return confirmRingReceived(ctx, request.member.id, request.params.id, timers);
    },
  );

  // The giver's carrier and tracking for their own leg (checked as a trade's are).
  app.post(
    '/api/rings/:id/shipment',
    {
      config: { auth: 'member', memberLimit: 'shipment' },
      schema: { params: idParam, body: shipmentInput, response: { 200: ring } },
    },
    async (request) => recordRingShipment(ctx, request.member.id, request.params.id, request.body, timers),
  );

  app.post(
    '/api/rings/:id/sent',
    { config: { auth: 'member' }, schema: { params: idParam, body: emptyBody, response: { 200: ring } } },
    async (request) => {
      await app.memberLimiter.take('ringAction', request.member.id);
      return markRingSent(ctx, request.member.id, request.params.id, timers);
    },
  );

  app.post(
    '/api/rings/:id/dispute',
    {
      config: { auth: 'member', memberLimit: 'dispute' },
      schema: { params: idParam, body: disputeInput, response: { 201: ring } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await openRingDispute(ctx, request.member.id, request.params.id, request.body, timers)),
  );
};
