import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody, emptyQuery, idParam } from '../../../common/api/common';
import {
  item,
  itemDetail,
  itemDetailQuery,
  itemFacets,
  itemFacetsQuery,
  itemInput,
  itemList,
  itemListQuery,
  itemUpdate,
  SEARCH_CORRECTED_HEADER,
  similarItems as similarItemsSchema,
  TOTAL_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '../../../common/api/items';
import { SharedJson, sendSharedJson, serializeWith } from '../../lib/json-response';
import { currentUser } from '../../lib/session';
import { listMarketplace } from './items-search.service';
import { facets } from './items-facets.service';
import { getItem, listUserItems } from './items-read.service';
import { createItem, deleteItem, updateItem } from './items-writes.service';
import { facetDeps, filterDeps } from '../../lib/marketplace-dependencies';
import { KEEPS_MARKETPLACE } from './marketplace-cache';
import { similarItemsOf } from './similar.service';
import { readContext } from './read-db';
import { parseListFilters } from './list-filters';
import { recordView } from './trending';

export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  // The two public marketplace reads answer the same for everyone: their JSON is cached per query
  // until the next change to items that may affect it (marketplace-cache.ts).
  const cache = ctx.marketplaceCache;

  // Repeated reads of a fresh entry are answered before Fastify as the bytes sent last time
  // (MarketplaceFront); `keep` records them once they went out.
  const front = app.marketplaceFront;
  const keep = front.keep;

  app.get(
    '/api/items',
    {
      config: { auth: 'public' },
      schema: { querystring: itemListQuery, response: { 200: itemList } },
      onSend: keep,
    },
    async (request, reply) => {
      const key = `list:${JSON.stringify(request.query)}`;
      // Parsed once, here: the filters and their search flow down to the SQL as this one value.
      const query = parseListFilters(request.query);
      const page = await cache.get(
        key,
        async () => {
          const { items, total, totalIsCapped, correctedSearch } = await listMarketplace(
            readContext(ctx, request),
            query,
          );
          return {
            json: new SharedJson(serializeWith(itemList, items)),
            total,
            totalIsCapped,
            correctedSearch,
            ids: items.map((listed) => listed.id),
          };
        },
        // The entry depends on its filters and sort, and on every item on its page.
        {
          deps: filterDeps('list', request.query),
          refine: (loaded, deps) => ({ ...deps, ids: new Set(loaded.ids) }),
        },
      );
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      reply.header(TOTAL_CAPPED_HEADER, String(page.totalIsCapped));
      if (page.correctedSearch)
        reply.header(SEARCH_CORRECTED_HEADER, encodeURIComponent(page.correctedSearch));
      front.offer(request, key, page.json);
      return sendSharedJson(request, reply, page.json);
    },
  );

  app.get(
    '/api/items/facets',
    {
      config: { auth: 'public' },
      schema: { querystring: itemFacetsQuery, response: { 200: itemFacets } },
      onSend: keep,
    },
    async (request, reply) => {
      const key = `facets:${JSON.stringify(request.query)}`;
      const query = parseListFilters(request.query);
      const json = await cache.get(
        key,
        async () => new SharedJson(serializeWith(itemFacets, await facets(readContext(ctx, request), query))),
        { deps: facetDeps(request.query) },
      );
      front.offer(request, key, json);
      return sendSharedJson(request, reply, json);
    },
  );

  app.get(
    '/api/items/:id',
    {
      config: { auth: 'public' },
      schema: { params: idParam, querystring: itemDetailQuery, response: { 200: itemDetail } },
    },
    async (request) => {
      const memberId = (await currentUser(request))?.id;
      return getItem(readContext(ctx, request, memberId), memberId, request.params.id, request.query.near);
    },
  );

  app.get(
    '/api/items/:id/similar',
    { config: { auth: 'public' }, schema: { params: idParam, response: { 200: similarItemsSchema } } },
    async (request, reply) => {
      const viewer = await currentUser(request);
      // A member's answer is their own (not their items, not blocked members', their sizes).
      if (viewer)
        return (await similarItemsOf(readContext(ctx, request, viewer.id), viewer.id, request.params.id))
          .similar;
      // A visitor's is every visitor's: cached like the lists. Every similar item is of the
      // target's department, so only a change there (or to the target or a shown item) drops it.
      const itemId = request.params.id;
      const entry = await cache.get(
        `similar:${itemId}`,
        async () => {
          const { department, similar } = await similarItemsOf(readContext(ctx, request), undefined, itemId);
          return {
            json: new SharedJson(serializeWith(similarItemsSchema, similar)),
            department,
            ids: [itemId, ...similar.map((entry) => entry.item.id)],
          };
        },
        {
          // Until it is loaded, any change may affect it (no department yet).
          deps: { kind: 'list' },
          refine: (loaded) => ({
            kind: 'list',
            category: loaded.department.category,
            genders: [loaded.department.gender],
            // Only available and pending listings are proposed: an availability change counts.
            availability: true,
            ids: new Set(loaded.ids),
          }),
        },
      );
      return sendSharedJson(request, reply, entry.json);
    },
  );

  // A member opened the item: counts toward the 'trending' order (trending.ts), once a day.
  app.post(
    '/api/items/:id/view',
    {
      config: { auth: 'member', memberLimit: 'itemView', ...KEEPS_MARKETPLACE },
      schema: { params: idParam, body: emptyBody },
    },
    async (request, reply) => {
      await recordView(ctx, request.member.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/items',
    {
      config: { auth: 'member', memberLimit: 'listing' },
      schema: { body: itemInput, response: { 201: item } },
    },
    async (request, reply) => reply.status(201).send(await createItem(ctx, request.member.id, request.body)),
  );

  app.patch(
    '/api/items/:id',
    {
      config: { auth: 'member', memberLimit: 'itemEdit' },
      schema: { params: idParam, body: itemUpdate, response: { 200: item } },
    },
    async (request) => updateItem(ctx, request.member.id, request.params.id, request.body),
  );

  app.delete(
    '/api/items/:id',
    { config: { auth: 'member' }, schema: { params: idParam } },
    async (request, reply) => {
      await deleteItem(ctx, request.member.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/users/:id/items',
    {
      config: { auth: 'public' },
      schema: { params: idParam, querystring: emptyQuery, response: { 200: itemList } },
    },
    async (request) => {
      const memberId = (await currentUser(request))?.id;
      return listUserItems(readContext(ctx, request, memberId), memberId, request.params.id);
    },
  );
};
