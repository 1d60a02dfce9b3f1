import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody } from '../../../common/api/common';
import { holidayInput, preferencesInput, user as userSchema } from '../../../common/api/users';
import { KEEPS_MARKETPLACE } from '../items/marketplace-cache';
import { endHoliday, startHoliday } from './holiday.service';
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

  // Holiday mode hides or shows the member's items: these writes empty the marketplace cache.
  app.put(
    '/api/users/holiday',
    {
      config: { auth: 'member', memberLimit: 'holiday' },
      schema: { body: holidayInput, response: { 200: userSchema } },
    },
    async (request) => startHoliday(app.services, request.member.id, request.body.until),
  );

  app.delete(
    '/api/users/holiday',
    {
      config: { auth: 'member', memberLimit: 'holiday' },
      schema: { body: emptyBody, response: { 200: userSchema } },
    },
    async (request) => endHoliday(app.services, request.member.id),
  );
};
