import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { town, townIdParam, townList, townsQuery } from '../../../common/api/towns';
import { tooManyRequests } from '../../lib/errors';
import { getTown, searchTowns } from './towns.service';

/**
 * Autocomplete lookups per client IP per minute. A person typing sends one per key (the client waits
 * 200 ms between them); a script walking the gazetteer is stopped. Counted per instance, in memory:
 * these reads change nothing, so a budget shared across instances would only cost a round trip.
 */
export const TOWN_LOOKUPS_PER_MINUTE = 120;

export const townsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const lookups = new RateLimiterMemory({
    keyPrefix: 'towns',
    points: TOWN_LOOKUPS_PER_MINUTE,
    duration: 60,
  });
  const charge = async (ip: string) => {
    try {
      await lookups.consume(ip);
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw tooManyRequests('http.too_many_requests', {}, error.msBeforeNext / 1000);
      throw error;
    }
  };

  app.get(
    '/api/towns',
    { config: { auth: 'public' }, schema: { querystring: townsQuery, response: { 200: townList } } },
    async (request) => {
      await charge(request.ip);
      return searchTowns(ctx, request.query.q);
    },
  );

  app.get(
    '/api/towns/:id',
    { config: { auth: 'public' }, schema: { params: townIdParam, response: { 200: town } } },
    async (request) => {
      await charge(request.ip);
      return getTown(ctx, request.params.id);
    },
  );
};
