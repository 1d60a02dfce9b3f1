import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesInput, user as userSchema } from '../../../common/api/users';
import { KEEPS_MARKETPLACE } from '../items/marketplace-cache';
import { updatePreferences } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/users/preferences',
    {
      // Bio and preferences: nothing the marketplace shows.
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { body: preferencesInput, response: { 200: userSchema } },
    },
    async (request) => updatePreferences(app.services, request.member.id, request.body),
  );
};
