import { z } from 'zod';
import {
  conversation,
  conversationQuery,
  conversationWithMessages,
  findOrCreateInput,
  message,
  messageInput,
  totalUnread,
} from '../../../common/api/chat';
import { idParam } from '../../../common/api/common';
import type { AppInstance } from '../../app';
import { requireUser } from '../../lib/session';
import {
  findOrCreateConversation,
  getConversation,
  listConversations,
  markConversationRead,
  markMessageRead,
  sendMessage,
  totalUnreadMessages,
} from './chat.service';
import { KEEPS_MARKETPLACE } from '../items/marketplace-cache';

export async function chatRoutes(app: AppInstance) {
  const ctx = { db: app.db, events: app.events };

  app.get('/api/conversations', { schema: { response: { 200: z.array(conversation) } } }, async (request) =>
    listConversations(app.db, (await requireUser(request)).id),
  );

  app.get(
    '/api/conversations/unread-count',
    { schema: { response: { 200: totalUnread } } },
    async (request) => ({
      count: await totalUnreadMessages(app.db, (await requireUser(request)).id),
    }),
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        params: idParam,
        querystring: conversationQuery,
        response: { 200: conversationWithMessages },
      },
    },
    async (request) =>
      getConversation(app.db, (await requireUser(request)).id, request.params.id, request.query),
  );

  app.post(
    '/api/conversations/find-or-create',
    {
      config: KEEPS_MARKETPLACE,
      schema: { body: findOrCreateInput, response: { 200: conversation, 201: conversation } },
    },
    async (request, reply) => {
      const member = await requireUser(request);
      const result = await findOrCreateConversation(
        app.db,
        member.id,
        request.body.otherUserId,
        request.body.relatedItemId,
      );
      return reply.status(result.created ? 201 : 200).send(result.conversation);
    },
  );

  app.patch(
    '/api/conversations/:id/read',
    {
      config: KEEPS_MARKETPLACE,
      schema: { params: idParam, response: { 200: z.object({ read: z.number().int() }) } },
    },
    async (request) => ({
      read: await markConversationRead(ctx, (await requireUser(request)).id, request.params.id),
    }),
  );

  app.post(
    '/api/messages',
    { config: KEEPS_MARKETPLACE, schema: { body: messageInput, response: { 201: message } } },
    async (request, reply) => {
      const member = await requireUser(request);
      return reply
        .status(201)
        .send(await sendMessage(ctx, member.id, request.body.conversationId, request.body.content));
    },
  );

  app.patch(
    '/api/messages/:id/read',
    { config: KEEPS_MARKETPLACE, schema: { params: idParam, response: { 200: message } } },
    async (request) => markMessageRead(ctx, (await requireUser(request)).id, request.params.id),
  );
}
