import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okResponse } from '../../../common/api/common';
import {
  giveawayAskers,
  giveawayAskInput,
  giveawayPickResult,
  myGiveawayAsk,
} from '../../../common/api/giveaways';
import {
  askForGiveaway,
  listGiveawayAsks,
  myGiveawayAsk as findMyAsk,
  pickGiveawayAsk,
  withdrawGiveawayAsk,
} from './giveaways.service';

/** Giveaway asks and the owner's pick (src/common/api/giveaways.ts). */
export const giveawaysRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.post(
    '/api/items/:id/giveaway-requests',
    {
      config: { auth: 'member', memberLimit: 'giveawayAsk', verifiedEmail: true },
      schema: { params: idParam, body: giveawayAskInput, response: { 201: myGiveawayAsk } },
    },
    async (request, reply) =>
      reply.status(201).send(await askForGiveaway(ctx, request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/api/items/:id/giveaway-requests',
    {
      config: { auth: 'member', memberLimit: 'giveawayAsk' },
      schema: { params: idParam, response: { 200: okResponse } },
    },
    async (request) => withdrawGiveawayAsk(ctx, request.member.id, request.params.id),
  );

  app.get(
    '/api/items/:id/giveaway-requests',
    {
      config: { auth: 'member' },
      schema: { params: idParam, response: { 200: giveawayAskers } },
    },
    async (request) => listGiveawayAsks(ctx, request.member.id, request.params.id),
  );

  app.get(
    '/api/items/:id/giveaway-requests/mine',
    {
      config: { auth: 'member' },
      schema: { params: idParam, response: { 200: z.object({ ask: myGiveawayAsk.nullable() }) } },
    },
    async (request) => ({ ask: await findMyAsk(ctx, request.member.id, request.params.id) }),
  );

  app.post(
    '/api/giveaway-requests/:id/pick',
    {
      config: { auth: 'member', memberLimit: 'giveawayAsk' },
      schema: { params: idParam, response: { 200: giveawayPickResult } },
    },
    async (request) => pickGiveawayAsk(ctx, request.member.id, request.params.id),
  );
};
