import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityPatch, communitySettings, invitation } from '../../../common/api/community';
import { KEEPS_MARKETPLACE } from '../items';
import { readCommunity, updateCommunity } from './community.service';
import { createInvitation } from './invitations.service';

/**
 * The community's settings (docs/configuration.md, Community settings): read by anybody, changed by
 * admins (each change in the audit log); and invitation links, which members create.
 */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  // Public and small. Browsers may reuse it for a minute; a change shows everywhere within that.
  app.get(
    '/api/community',
    { config: { auth: 'public' }, schema: { response: { 200: communitySettings } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return readCommunity(ctx);
    },
  );

  app.patch(
    '/api/admin/community',
    {
      config: { auth: 'admin', memberLimit: 'communitySettings', ...KEEPS_MARKETPLACE },
      schema: { body: communityPatch, response: { 200: communitySettings } },
    },
    async (request) => updateCommunity(ctx, request.member.id, request.body),
  );

  app.post(
    '/api/invitations',
    {
      config: { auth: 'member', memberLimit: 'invitation', ...KEEPS_MARKETPLACE },
      schema: { response: { 201: invitation } },
    },
    async (request, reply) => reply.status(201).send(await createInvitation(ctx, request.member.id)),
  );
};
