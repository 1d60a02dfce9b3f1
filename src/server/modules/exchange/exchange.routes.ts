import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../common/api/common';
import { myAddressAnswer, shippingAddressInput } from '../../../common/api/addresses';
import { requestLocale } from '../../lib/request-locale';
import { deleteAddress, getAddress, saveAddress } from './address.service';
import { ringPackingSlip, tradePackingSlip, type RenderedSlip } from './packing-slip.service';

/**
 * Sending items by post: the member's private shipping address (account settings) and the packing
 * slips of their trades and ring legs. Who sees an address: recipient-address.query.ts.
 */
export const exchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/users/address',
    { config: { auth: 'member' }, schema: { response: { 200: myAddressAnswer } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return getAddress(ctx, request.member.id);
    },
  );

  app.put(
    '/api/users/address',
    {
      config: { auth: 'member', memberLimit: 'profileChange' },
      schema: { body: shippingAddressInput, response: { 200: myAddressAnswer } },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return saveAddress(ctx, request.member.id, request.body);
    },
  );

  app.delete(
    '/api/users/address',
    {
      config: { auth: 'member', memberLimit: 'profileChange' },
      schema: { response: { 200: myAddressAnswer } },
    },
    async (request) => deleteAddress(ctx, request.member.id),
  );

  const sendSlip = (reply: FastifyReply, slip: RenderedSlip) =>
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${slip.filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(slip.pdf);

  app.get(
    '/api/trade-requests/:id/packing-slip',
    { config: { auth: 'member', memberLimit: 'packingSlip' }, schema: { params: idParam } },
    async (request, reply) =>
      sendSlip(
        reply,
        await tradePackingSlip(ctx, request.member.id, request.params.id, await requestLocale(request)),
      ),
  );

  app.get(
    '/api/rings/:id/packing-slip',
    { config: { auth: 'member', memberLimit: 'packingSlip' }, schema: { params: idParam } },
    async (request, reply) =>
      sendSlip(
        reply,
        await ringPackingSlip(ctx, request.member.id, request.params.id, await requestLocale(request)),
      ),
  );
};
