import { z } from 'zod';
import { idParam } from '../../../common/api/common';
import {
  item,
  itemFacets,
  itemFacetsQuery,
  itemInput,
  itemList,
  itemListQuery,
  itemUpdate,
} from '../../../common/api/items';
import type { AppInstance } from '../../app';
import { SharedJson, sendSharedJson, serializeWith } from '../../lib/json-response';
import { currentUser, requireUser } from '../../lib/session';
import {
  createItem,
  deleteItem,
  facets,
  getItem,
  listMarketplace,
  listUserItems,
  updateItem,
} from './items.service';

export async function itemsRoutes(app: AppInstance) {
  const { db } = app;
  const ctx = { db, events: app.events };

  // The two public marketplace reads answer the same for everyone: their JSON is cached per query
  // until the next change to items (marketplace-cache.ts).
  const cache = app.marketplaceCache;

  app.get(
    '/api/items',
    { schema: { querystring: itemListQuery, response: { 200: itemList } } },
    async (request, reply) => {
      const page = await cache.get(`list:${JSON.stringify(request.query)}`, async () => {
        const { items, total } = await listMarketplace(db, cache, request.query);
        return { json: new SharedJson(serializeWith(itemList, items)), total };
      });
      reply.header('x-total-count', String(page.total));
      return sendSharedJson(request, reply, page.json);
    },
  );

  app.get(
    '/api/items/facets',
    { schema: { querystring: itemFacetsQuery, response: { 200: itemFacets } } },
    async (request, reply) => {
      const json = await cache.get(
        `facets:${JSON.stringify(request.query)}`,
        async () => new SharedJson(serializeWith(itemFacets, await facets(db, cache, request.query))),
      );
      return sendSharedJson(request, reply, json);
    },
  );

  app.get('/api/items/:id', { schema: { params: idParam, response: { 200: item } } }, async (request) => {
    const viewer = await currentUser(request);
    return getItem(db, request.params.id, viewer?.id);
  });

  app.post('/api/items', { schema: { body: itemInput, response: { 201: item } } }, async (request, reply) => {
    const member = await requireUser(request);
    return reply.status(201).send(await createItem(ctx, member.id, request.body));
  });

  app.patch(
    '/api/items/:id',
    { schema: { params: idParam, body: itemUpdate, response: { 200: item } } },
    async (request) => {
      const member = await requireUser(request);
      return updateItem(ctx, request.params.id, member.id, request.body);
    },
  );

  app.delete('/api/items/:id', { schema: { params: idParam } }, async (request, reply) => {
    const member = await requireUser(request);
    await deleteItem(ctx, request.params.id, member.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/users/:id/items',
    { schema: { params: idParam, querystring: z.object({}).strict(), response: { 200: itemList } } },
    async (request) => {
      const viewer = await currentUser(request);
      return listUserItems(db, request.params.id, viewer?.id);
    },
  );
}
