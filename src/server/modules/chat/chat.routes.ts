import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversation,
  conversationListQuery,
  conversationPage,
  conversationQuery,
  conversationRead,
  conversationWithMessages,
  findOrCreateInput,
  message,
  messageInput,
  totalUnread,
} from '../../../common/api/chat';
import { idParam } from '../../../common/api/common';
import { KEEPS_MARKETPLACE } from '../items';
import { listConversations, totalUnreadMessages } from './chat-read.service';
import { findOrCreateConversation, markConversationRead, markMessageRead, sendMessage } from './chat.service';
import { getConversation } from './conversation-read.service';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/conversations',
    {
      config: { auth: 'member' },
      schema: { querystring: conversationListQuery, response: { 200: conversationPage } },
    },
    async (request) => listConversations(ctx, request.member.id, request.query),
  );

  app.get(
    '/api/conversations/unread-count',
    { config: { auth: 'member' }, schema: { response: { 200: totalUnread } } },
    async (request) => ({ count: await totalUnreadMessages(ctx, request.member.id) }),
  );

  app.get(
    '/api/conversations/:id',
    {
      config: { auth: 'member' },
      schema: {
        params: idParam,
        querystring: conversationQuery,
        response: { 200: conversationWithMessages },
      },
    },
    async (request) => getConversation(ctx, request.member.id, request.params.id, request.query),
  );

  app.post(
    '/api/conversations/find-or-create',
    {
      // Every call spends a point of 'conversationOpen'; starting a new one also of 'conversationStart'.
      config: { auth: 'member', memberLimit: 'conversationOpen', ...KEEPS_MARKETPLACE },
      schema: { body: findOrCreateInput, response: { 200: conversation, 201: conversation } },
    },
    async (request, reply) => {
      const result = await findOrCreateConversation(
        ctx,
        request.member.id,
        request.body.otherUserId,
        request.body.relatedItemId,
        () => app.memberLimiter.take('conversationStart', request.member.id),
      );
      return reply.status(result.created ? 201 : 200).send(result.conversation);
    },
  );

  app.patch(
    '/api/conversations/:id/read',
    {
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { params: idParam, response: { 200: conversationRead } },
    },
    async (request) => ({ read: await markConversationRead(ctx, request.member.id, request.params.id) }),
  );

  app.post(
    '/api/messages',
    {
      // The member's message budget is spent by the send itself (one commit), not by `memberLimit`.
      config: { auth: 'member', verifiedEmail: true, ...KEEPS_MARKETPLACE },
      schema: { body: messageInput, response: { 201: message } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sendMessage(
            ctx,
            request.member.id,
            request.body.conversationId,
            request.body.content,
            request.body.imageId,
            app.memberLimiter.inStatement('message', request.member.id),
            request.body.clientId,
          ),
        ),
  );

  app.patch(
    '/api/messages/:id/read',
    {
      config: { auth: 'member', ...KEEPS_MARKETPLACE },
      schema: { params: idParam, response: { 200: message } },
    },
    async (request) => markMessageRead(ctx, request.member.id, request.params.id),
  );
};
