import { z } from 'zod';
import { okResponse } from '../../../common/api/common';
import { ratingSummary, review, reviewInput, reviewListQuery } from '../../../common/api/reviews';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import { createReview, listReviews, ratingSummary as summarize } from './reviews.service';

const userIdParam = z.object({ userId: z.uuid({ message: 'Invalid member id' }) });

export async function reviewsRoutes(app: AppInstance) {
  const ctx = { db: app.db, events: app.events };

  app.post(
    '/api/reviews',
    { schema: { body: reviewInput, response: { 201: okResponse } } },
    async (request, reply) => {
      await createReview(ctx, (await requireUser(request)).id, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/ratings/:userId',
    { schema: { params: userIdParam, response: { 200: ratingSummary } } },
    async (request) => summarize(app.db, request.params.userId),
  );

  app.get(
    '/api/reviews/user/:userId',
    { schema: { params: userIdParam, querystring: reviewListQuery, response: { 200: z.array(review) } } },
    async (request) => listReviews(app.db, request.params.userId, request.query.limit, request.query.offset),
  );
}
