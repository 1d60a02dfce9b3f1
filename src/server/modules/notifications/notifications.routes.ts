import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okResponse } from '../../../common/api/common';
import { notification, notificationListQuery, unreadCount } from '../../../common/api/notifications';
import { emailPreferences, emailPreferencesInput } from '../../../common/api/email-preferences';
import { KEEPS_MARKETPLACE } from '../items';
import { requestLocale } from '../../lib/request-locale';
import { getEmailPreferences, updateEmailPreferences } from './email-preferences.service';
import {
  listNotifications,
  markAllRead,
  markRead,
  unreadCount as countUnread,
} from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/notifications',
    {
      config: { auth: 'member' },
      schema: { querystring: notificationListQuery, response: { 200: z.array(notification) } },
    },
    async (request) =>
      listNotifications(ctx, request.member.id, request.query.limit, await requestLocale(request)),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: { auth: 'member' }, schema: { response: { 200: unreadCount } } },
    async (request) => ({ count: await countUnread(ctx, request.member.id) }),
  );

  app.patch(
    '/api/notifications/read-all',
    { config: { auth: 'member', ...KEEPS_MARKETPLACE }, schema: { response: { 200: okResponse } } },
    async (request) => {
      await markAllRead(ctx, request.member.id);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/notifications/:id/read',
    {
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { params: idParam, response: { 200: notification } },
    },
    async (request) => markRead(ctx, request.member.id, request.params.id, await requestLocale(request)),
  );

  app.get(
    '/api/notifications/preferences',
    { config: { auth: 'member' }, schema: { response: { 200: emailPreferences } } },
    async (request) => getEmailPreferences(ctx.db, request.member.id),
  );

  // Which emails the member gets (docs/product.md, Notifications): only the kinds named change.
  app.put(
    '/api/notifications/preferences',
    {
      config: { auth: 'member', memberLimit: 'emailPreferences', ...KEEPS_MARKETPLACE },
      schema: { body: emailPreferencesInput, response: { 200: emailPreferences } },
    },
    async (request) => updateEmailPreferences(ctx.db, request.member.id, request.body),
  );
};
