import { z } from 'zod';
import { idParam, okResponse } from '../../../common/api/common';
import {
  activityEntry,
  connectInput,
  friendRecommendation,
  network as networkSchema,
  socialStats as statsSchema,
} from '../../../common/api/social';
import { userSummary } from '../../../common/api/users';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import { connect, network, removeFriend, respond } from './friendships.service';
import { activityFeed, friendRecommendations, socialStats, styleSimilar } from './social.service';

export async function socialRoutes(app: AppInstance) {
  const { db } = app;
  const ctx = { db, events: app.events };

  app.post(
    '/api/social/connect',
    { schema: { body: connectInput, response: { 201: okResponse } } },
    async (request, reply) => {
      await connect(ctx, (await requireUser(request)).id, request.body.friendId);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get('/api/social/network', { schema: { response: { 200: networkSchema } } }, async (request) =>
    network(db, (await requireUser(request)).id),
  );

  app.post(
    '/api/social/requests/:id/accept',
    { schema: { params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await respond(ctx, (await requireUser(request)).id, request.params.id, true);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/social/requests/:id/decline',
    { schema: { params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await respond(ctx, (await requireUser(request)).id, request.params.id, false);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/social/friends/:userId',
    { schema: { params: z.object({ userId: z.uuid({ message: 'Invalid member id' }) }) } },
    async (request, reply) => {
      await removeFriend(db, (await requireUser(request)).id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/social/friend-recommendations',
    { schema: { response: { 200: z.array(friendRecommendation) } } },
    async (request) => friendRecommendations(db, (await requireUser(request)).id),
  );

  app.get(
    '/api/social/style-similar',
    { schema: { response: { 200: z.array(userSummary) } } },
    async (request) => styleSimilar(db, (await requireUser(request)).id),
  );

  app.get(
    '/api/social/activity-feed',
    { schema: { response: { 200: z.array(activityEntry) } } },
    async (request) => activityFeed(db, (await requireUser(request)).id),
  );

  app.get('/api/social/stats', { schema: { response: { 200: statsSchema } } }, async (request) =>
    socialStats(db, (await requireUser(request)).id),
  );
}
