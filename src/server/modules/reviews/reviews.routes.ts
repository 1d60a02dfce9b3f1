import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse, userIdParam } from '../../../common/api/common';
import { ratingSummary, review, reviewInput, reviewListQuery } from '../../../common/api/reviews';
import { createReview, listReviews, ratingSummary as summarize } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.post(
    '/api/reviews',
    {
      config: { auth: 'member', memberLimit: 'review' },
      schema: { body: reviewInput, response: { 201: okResponse } },
    },
    async (request, reply) => {
      await createReview(ctx, request.member.id, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/ratings/:userId',
    { config: { auth: 'public' }, schema: { params: userIdParam, response: { 200: ratingSummary } } },
    async (request) => summarize(ctx, request.params.userId),
  );

  app.get(
    '/api/reviews/user/:userId',
    {
      config: { auth: 'public' },
      schema: { params: userIdParam, querystring: reviewListQuery, response: { 200: z.array(review) } },
    },
    async (request) => listReviews(ctx, request.params.userId, request.query.limit, request.query.offset),
  );
};
