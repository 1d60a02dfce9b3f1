import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody, userIdParam } from '../../../common/api/common';
import {
  holidayInput,
  localeInput,
  preferencesInput,
  profileInput,
  publicProfile as publicProfileSchema,
  user as userSchema,
} from '../../../common/api/users';
import { acceptImageUploads, readImageUpload } from '../images';
import { storeImage } from '../images';
import { KEEPS_MARKETPLACE } from '../items';
import { endHoliday, startHoliday } from './holiday.service';
import { publicProfile } from './public-profile.query';
import {
  finishOnboarding,
  setLocale,
  removeProfilePhoto,
  setProfilePhoto,
  updatePreferences,
  updateProfile,
} from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  await acceptImageUploads(app);

  // A member's public profile, open to visitors: nothing private in it (public-profile.query.ts).
  app.get(
    '/api/users/:userId/profile',
    { config: { auth: 'public' }, schema: { params: userIdParam, response: { 200: publicProfileSchema } } },
    async (request) => publicProfile(ctx, request.params.userId),
  );

  app.patch(
    '/api/users/preferences',
    {
      // Bio and preferences: nothing the marketplace shows.
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { body: preferencesInput, response: { 200: userSchema } },
    },
    async (request) => updatePreferences(ctx, request.member.id, request.body),
  );

  // Name and photo show beside the member's listings: these writes empty the marketplace cache.
  app.patch(
    '/api/users/profile',
    {
      config: { auth: 'member', memberLimit: 'profileChange' },
      schema: { body: profileInput, response: { 200: userSchema } },
    },
    async (request) => updateProfile(ctx, request.member.id, request.body),
  );

  app.put(
    '/api/users/profile/photo',
    { config: { auth: 'member', memberLimit: 'upload' }, schema: { response: { 200: userSchema } } },
    async (request) => {
      // The same pipeline, limits and quota as item photos; cropped square.
      const stored = await storeImage(ctx, request.member.id, await readImageUpload(request), {
        quotaBytes: app.config.uploadQuotaMb * 1024 * 1024,
        shape: 'avatar',
      });
      return setProfilePhoto(ctx, request.member.id, stored.url);
    },
  );

  app.delete(
    '/api/users/profile/photo',
    { config: { auth: 'member', memberLimit: 'profileChange' }, schema: { response: { 200: userSchema } } },
    async (request) => removeProfilePhoto(ctx, request.member.id),
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

  // The member's language: their pages, emails and notifications follow it. Nothing the marketplace shows.
  app.put(
    '/api/users/locale',
    {
      config: { auth: 'member', memberLimit: 'profileChange', ...KEEPS_MARKETPLACE },
      schema: { body: localeInput, response: { 200: userSchema } },
    },
    async (request) => setLocale(ctx, request.member.id, request.body.locale),
  );

  // The welcome flow after registering, finished or skipped: nothing the marketplace shows.
  app.delete(
    '/api/users/onboarding',
    {
      config: { auth: 'member', memberLimit: 'profileChange', ...KEEPS_MARKETPLACE },
      schema: { body: emptyBody, response: { 200: userSchema } },
    },
    async (request) => finishOnboarding(ctx, request.member.id),
  );
};
