import { z } from 'zod';
import { idParam } from '../../../common/api/common';
import { itemList } from '../../../common/api/items';
import {
  barterMatch,
  smartMatches as smartMatchesSchema,
  valueEstimate as valueEstimateSchema,
  valueEstimateQuery,
} from '../../../common/api/matching';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import { barterMatches, smartMatches, suggestedBarters, valueEstimate } from './matching.service';

export async function matchingRoutes(app: AppInstance) {
  const { db } = app;

  app.post(
    '/api/items/:id/smart-matches',
    {
      schema: {
        params: idParam,
        body: z.object({}).strict().nullish(),
        response: { 200: smartMatchesSchema },
      },
    },
    async (request) => ({
      matches: await smartMatches(db, (await requireUser(request)).id, request.params.id),
    }),
  );

  app.get(
    '/api/barter-matches/:itemId',
    {
      schema: {
        params: z.object({ itemId: z.uuid({ message: 'Invalid id' }) }),
        response: { 200: z.array(barterMatch) },
      },
    },
    async (request) => barterMatches(db, (await requireUser(request)).id, request.params.itemId),
  );

  app.get(
    '/api/items/:id/suggested-barters',
    { schema: { params: idParam, response: { 200: itemList } } },
    async (request) => suggestedBarters(db, (await requireUser(request)).id, request.params.id),
  );

  app.get(
    '/api/items/value-estimate',
    { schema: { querystring: valueEstimateQuery, response: { 200: valueEstimateSchema } } },
    async (request) => valueEstimate(db, request.query),
  );
}
