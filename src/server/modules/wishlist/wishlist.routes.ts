import { z } from 'zod';
import { idParam } from '../../../common/api/common';
import { wishlistEntry, wishlistInput, wishlistMatch } from '../../../common/api/wishlist';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import { addWishlistEntry, listWishlist, removeWishlistEntry, wishlistMatches } from './wishlist.service';

export async function wishlistRoutes(app: AppInstance) {
  const { db } = app;

  app.get('/api/wishlist', { schema: { response: { 200: z.array(wishlistEntry) } } }, async (request) =>
    listWishlist(db, (await requireUser(request)).id),
  );

  app.get(
    '/api/wishlist/matches',
    { schema: { response: { 200: z.array(wishlistMatch) } } },
    async (request) => wishlistMatches(db, (await requireUser(request)).id),
  );

  app.post(
    '/api/wishlist',
    { schema: { body: wishlistInput, response: { 201: wishlistEntry } } },
    async (request, reply) => {
      const member = await requireUser(request);
      return reply.status(201).send(await addWishlistEntry(db, member.id, request.body));
    },
  );

  app.delete('/api/wishlist/:id', { schema: { params: idParam } }, async (request, reply) => {
    await removeWishlistEntry(db, (await requireUser(request)).id, request.params.id);
    return reply.status(204).send();
  });
}
