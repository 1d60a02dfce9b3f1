import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBody, idParam } from '../../../common/api/common';
import { itemList } from '../../../common/api/items';
import {
  barterMatch,
  barterMatchesParams,
  smartMatches as smartMatchesSchema,
  valueEstimate as valueEstimateSchema,
  valueEstimateQuery,
} from '../../../common/api/matching';
import { READ_ONLY } from '../../lib/read-only-route';
import { barterMatches, smartMatches, suggestedBarters, valueEstimate } from './matching.service';

export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  // A POST that writes nothing: a read for the session cache and the marketplace cache's barrier.
  app.post(
    '/api/items/:id/smart-matches',
    {
      config: { auth: 'member', ...READ_ONLY },
      schema: { params: idParam, body: emptyBody, response: { 200: smartMatchesSchema } },
    },
    async (request) => ({ matches: await smartMatches(ctx, request.member.id, request.params.id) }),
  );

  app.get(
    '/api/barter-matches/:itemId',
    {
      config: { auth: 'member' },
      schema: { params: barterMatchesParams, response: { 200: z.array(barterMatch) } },
    },
    async (request) => barterMatches(ctx, request.member.id, request.params.itemId),
  );

  app.get(
    '/api/items/:id/suggested-barters',
    { config: { auth: 'member' }, schema: { params: idParam, response: { 200: itemList } } },
    async (request) => suggestedBarters(ctx, request.member.id, request.params.id),
  );

  app.get(
    '/api/items/value-estimate',
    {
      config: { auth: 'public' },
      schema: { querystring: valueEstimateQuery, response: { 200: valueEstimateSchema } },
    },
    async (request) => valueEstimate(ctx, request.query),
  );
};
