import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../common/api/common';
import { handoverInput, meetupAnswer, meetupInput, meetupState } from '../../../common/api/meetups';
import { answerMeetup, getMeetup, handOver, proposeMeetup } from './meetups.service';

/** Meet-ups and in-person handovers of an accepted trade (meetups.service.ts); parties only. */
export const meetupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/trade-requests/:id/meetup',
    { config: { auth: 'member' }, schema: { params: idParam, response: { 200: meetupState } } },
    async (request) => getMeetup(ctx, request.member.id, request.params.id),
  );

  app.post(
    '/api/trade-requests/:id/meetup',
    {
      config: { auth: 'member', memberLimit: 'shipment' },
      schema: { params: idParam, body: meetupInput, response: { 200: meetupState } },
    },
    async (request) => proposeMeetup(ctx, request.member.id, request.params.id, request.body),
  );

  app.patch(
    '/api/trade-requests/:id/meetup',
    {
      config: { auth: 'member', memberLimit: 'shipment' },
      schema: { params: idParam, body: meetupAnswer, response: { 200: meetupState } },
    },
    async (request) => answerMeetup(ctx, request.member.id, request.params.id, request.body.status),
  );

  app.post(
    '/api/trade-requests/:id/handover',
    {
      config: { auth: 'member', memberLimit: 'shipment' },
      schema: { params: idParam, body: handoverInput, response: { 200: meetupState } },
    },
    async (request) => handOver(ctx, request.member.id, request.params.id, request.body.code),
  );
};
