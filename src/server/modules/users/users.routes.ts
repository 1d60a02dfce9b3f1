import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesInput, user as userSchema } from '../../../common/api/users';
import { updatePreferences } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/users/preferences',
    { config: { auth: 'member' }, schema: { body: preferencesInput, response: { 200: userSchema } } },
    async (request) => updatePreferences(app.services, request.member.id, request.body),
  );
};
