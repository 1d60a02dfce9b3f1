import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../common/api/common';
import {
  swapRule,
  swapRuleInput,
  swapRuleList,
  swapRuleMatchCount,
  swapRuleUpdate,
} from '../../../common/api/swap-rules';
import {
  createSwapRule,
  deleteSwapRule,
  listSwapRules,
  previewRuleMatches,
  updateSwapRule,
} from './swap-rules.service';

export const swapRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/api/swap-rules',
    { config: { auth: 'member' }, schema: { response: { 200: swapRuleList } } },
    async (request) => listSwapRules(ctx, request.member.id),
  );

  app.post(
    '/api/swap-rules',
    { config: { auth: 'member' }, schema: { body: swapRuleInput, response: { 201: swapRule } } },
    async (request, reply) => {
      await app.memberLimiter.take('swapRuleWrite', request.member.id);
      return reply.status(201).send(await createSwapRule(ctx, request.member.id, request.body));
    },
  );

  app.post(
    '/api/swap-rules/match-count',
    { config: { auth: 'member' }, schema: { body: swapRuleInput, response: { 200: swapRuleMatchCount } } },
    async (request) => {
      await app.memberLimiter.take('swapRuleCount', request.member.id);
      return previewRuleMatches(ctx, request.member.id, request.body);
    },
  );

  app.patch(
    '/api/swap-rules/:id',
    {
      config: { auth: 'member' },
      schema: { params: idParam, body: swapRuleUpdate, response: { 200: swapRule } },
    },
    async (request) => {
      await app.memberLimiter.take('swapRuleWrite', request.member.id);
      return updateSwapRule(ctx, request.member.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/swap-rules/:id',
    { config: { auth: 'member' }, schema: { params: idParam } },
    async (request, reply) => {
      await app.memberLimiter.take('swapRuleWrite', request.member.id);
      await deleteSwapRule(ctx, request.member.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
