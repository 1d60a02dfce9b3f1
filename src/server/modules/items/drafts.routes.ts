import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyQuery, idParam } from '../../../common/api/common';
import { draft, draftInput, draftList, draftPublishInput } from '../../../common/api/drafts';
import { item } from '../../../common/api/items';
import { KEEPS_MARKETPLACE } from './marketplace-cache';
import { createDraft, deleteDraft, listDrafts, publishDraft, updateDraft } from './drafts.service';

/**
 * Listing drafts (docs/decisions/013-listing-drafts.md): only ever the signed-in member's own; another
 * member's draft answers 404. Saving and deleting a draft leave the marketplace cache alone; publishing
 * lists an item, so it empties it like `POST /api/items`.
 */
export const draftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/drafts',
    { config: { auth: 'member' }, schema: { querystring: emptyQuery, response: { 200: draftList } } },
    async (request) => listDrafts(ctx, request.member.id),
  );

  app.post(
    '/api/drafts',
    {
      config: { auth: 'member', memberLimit: 'draftWrite', ...KEEPS_MARKETPLACE },
      schema: { body: draftInput, response: { 201: draft } },
    },
    async (request, reply) => reply.status(201).send(await createDraft(ctx, request.member.id, request.body)),
  );

  app.put(
    '/api/drafts/:id',
    {
      config: { auth: 'member', memberLimit: 'draftWrite', ...KEEPS_MARKETPLACE },
      schema: { params: idParam, body: draftInput, response: { 200: draft } },
    },
    async (request) => updateDraft(ctx, request.member.id, request.params.id, request.body),
  );

  app.delete(
    '/api/drafts/:id',
    {
      config: { auth: 'member', memberLimit: 'draftWrite', ...KEEPS_MARKETPLACE },
      schema: { params: idParam },
    },
    async (request, reply) => {
      await deleteDraft(ctx, request.member.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/drafts/:id/publish',
    {
      config: { auth: 'member', memberLimit: 'listing' },
      schema: { params: idParam, body: draftPublishInput, response: { 201: item } },
    },
    async (request, reply) =>
      reply.status(201).send(await publishDraft(ctx, request.member.id, request.params.id, request.body)),
  );
};
