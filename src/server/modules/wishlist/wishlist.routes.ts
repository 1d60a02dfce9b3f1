import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../common/api/common';
import { wishlistEntry, wishlistInput, wishlistMatch } from '../../../common/api/wishlist';
import { addWishlistEntry, listWishlist, removeWishlistEntry, wishlistMatches } from './wishlist.service';

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/wishlist',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(wishlistEntry) } } },
    async (request) => listWishlist(ctx, request.member.id),
  );

  app.get(
    '/api/wishlist/matches',
    { config: { auth: 'member' }, schema: { response: { 200: z.array(wishlistMatch) } } },
    async (request) => wishlistMatches(ctx, request.member.id),
  );

  app.post(
    '/api/wishlist',
    { config: { auth: 'member' }, schema: { body: wishlistInput, response: { 201: wishlistEntry } } },
    async (request, reply) =>
      reply.status(201).send(await addWishlistEntry(ctx, request.member.id, request.body)),
  );

  app.delete(
    '/api/wishlist/:id',
    { config: { auth: 'member' }, schema: { params: idParam } },
    async (request, reply) => {
      await removeWishlistEntry(ctx, request.member.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
