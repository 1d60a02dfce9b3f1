import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okResponse, userIdParam } from '../../../common/api/common';
import {
  activityEntry,
  connectInput,
  friendRecommendation,
  network as networkSchema,
  socialStats as statsSchema,
} from '../../../common/api/social';
import { userSummary } from '../../../common/api/users';
import { connect, network, removeFriend, respond } from './friendships.service';
import { activityFeed, friendRecommendations, socialStats, styleSimilar } from './social.service';

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.post(
    '/api/social/connect',
    {
      config: { auth: 'member', memberLimit: 'friendRequest' },
      schema: { body: connectInput, response: { 201: okResponse } },
    },
    async (request, reply) => {
      await connect(ctx, request.member.id, request.body.friendId);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/social/network',
    { config: { auth: 'member' }, schema: { response: { 200: networkSchema } } },
    async (request) => network(ctx, request.member.id),
  );

  app.post(
    '/api/social/requests/:id/accept',
    { config: { auth: 'member' }, schema: { params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await respond(ctx, request.member.id, request.params.id, true);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/social/requests/:id/decline',
    { config: { auth: 'member' }, schema: { params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await respond(ctx, request.member.id, request.params.id, false);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/social/friends/:userId',
    { config: { auth: 'member' }, schema: { params: userIdParam } },
    async (request, reply) => {
      await removeFriend(ctx, request.member.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/social/friend-recommendations',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(friendRecommendation) } } },
    async (request) => friendRecommendations(ctx, request.member.id),
  );

  app.get(
    '/api/social/style-similar',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(userSummary) } } },
    async (request) => styleSimilar(ctx, request.member.id),
  );

  app.get(
    '/api/social/activity-feed',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(activityEntry) } } },
    async (request) => activityFeed(ctx, request.member.id),
  );

  app.get(
    '/api/social/stats',
    { config: { auth: 'member' }, schema: { response: { 200: statsSchema } } },
    async (request) => socialStats(ctx, request.member.id),
  );
};
