import { z } from 'zod';
import { idParam, okResponse } from '../../../common/api/common';
import { notification, notificationListQuery, unreadCount } from '../../../common/api/notifications';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import {
  listNotifications,
  markAllRead,
  markRead,
  unreadCount as countUnread,
} from './notifications.service';
import { KEEPS_MARKETPLACE } from '../items/marketplace-cache';

export async function notificationsRoutes(app: AppInstance) {
  const { db, events } = app;

  app.get(
    '/api/notifications',
    { schema: { querystring: notificationListQuery, response: { 200: z.array(notification) } } },
    async (request) => listNotifications(db, (await requireUser(request)).id, request.query.limit),
  );

  app.get(
    '/api/notifications/unread-count',
    { schema: { response: { 200: unreadCount } } },
    async (request) => ({
      count: await countUnread(db, (await requireUser(request)).id),
    }),
  );

  app.patch(
    '/api/notifications/read-all',
    { config: KEEPS_MARKETPLACE, schema: { response: { 200: okResponse } } },
    async (request) => {
      const member = await requireUser(request);
      await markAllRead(db, member.id);
      await events.publish({ kind: 'unread', userId: member.id });
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/notifications/:id/read',
    { config: KEEPS_MARKETPLACE, schema: { params: idParam, response: { 200: notification } } },
    async (request) => {
      const member = await requireUser(request);
      const updated = await markRead(db, member.id, request.params.id);
      await events.publish({ kind: 'unread', userId: member.id });
      return updated;
    },
  );
}
