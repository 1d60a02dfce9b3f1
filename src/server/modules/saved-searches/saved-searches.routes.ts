import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody, idParam } from '../../../common/api/common';
import { savedSearch, savedSearchInput, savedSearchList } from '../../../common/api/saved-searches';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchViewed,
} from './saved-searches.service';

export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/saved-searches',
    { config: { auth: 'member' }, schema: { response: { 200: savedSearchList } } },
    async (request) => listSavedSearches(ctx, request.member.id),
  );

  app.post(
    '/api/saved-searches',
    {
      config: { auth: 'member', memberLimit: 'savedSearchWrite' },
      schema: { body: savedSearchInput, response: { 201: savedSearch } },
    },
    async (request, reply) =>
      reply.status(201).send(await createSavedSearch(ctx, request.member.id, request.body)),
  );

  app.post(
    '/api/saved-searches/:id/viewed',
    {
      config: { auth: 'member', memberLimit: 'savedSearchWrite' },
      schema: { params: idParam, body: emptyBody, response: { 200: savedSearch } },
    },
    async (request) => markSavedSearchViewed(ctx, request.member.id, request.params.id),
  );

  app.delete(
    '/api/saved-searches/:id',
    { config: { auth: 'member', memberLimit: 'savedSearchWrite' }, schema: { params: idParam } },
    async (request, reply) => {
      await deleteSavedSearch(ctx, request.member.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
