import { z } from 'zod';
import { favorite, favoriteInput } from '../../../common/api/items';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service';

export async function favoritesRoutes(app: AppInstance) {
  const { db } = app;

  app.get('/api/favorites', { schema: { response: { 200: z.array(favorite) } } }, async (request) => {
    const member = await requireUser(request);
    return listFavorites(db, member.id);
  });

  app.post(
    '/api/favorites',
    {
      schema: {
        body: favoriteInput,
        response: { 201: z.object({ itemId: z.string(), createdAt: z.string() }) },
      },
    },
    async (request, reply) => {
      const member = await requireUser(request);
      return reply.status(201).send(await addFavorite(db, member.id, request.body.itemId));
    },
  );

  app.delete(
    '/api/favorites/:itemId',
    { schema: { params: z.object({ itemId: z.uuid({ message: 'itemId must be an item id' }) }) } },
    async (request, reply) => {
      const member = await requireUser(request);
      await removeFavorite(db, member.id, request.params.itemId);
      return reply.status(204).send();
    },
  );
}
