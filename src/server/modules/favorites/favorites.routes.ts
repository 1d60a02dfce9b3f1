import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favorite, favoriteAdded, favoriteInput, favoriteItemParam } from '../../../common/api/items';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service';

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/favorites',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(favorite) } } },
    async (request) => listFavorites(ctx, request.member.id),
  );

  app.post(
    '/api/favorites',
    { config: { auth: 'member' }, schema: { body: favoriteInput, response: { 201: favoriteAdded } } },
    async (request, reply) =>
      reply.status(201).send(await addFavorite(ctx, request.member.id, request.body.itemId)),
  );

  app.delete(
    '/api/favorites/:itemId',
    { config: { auth: 'member' }, schema: { params: favoriteItemParam } },
    async (request, reply) => {
      await removeFavorite(ctx, request.member.id, request.params.itemId);
      return reply.status(204).send();
    },
  );
};
