import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../lib/errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics: the Prometheus text of lib/metrics.ts, for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN it does not exist (404). A missing
 * or wrong token gets 401: the endpoint's existence is no secret (it is documented), and a scraper
 * misconfigured this way is told so. The token is compared as SHA-256 digests in constant time, so
 * neither its content nor its length leaks through timing.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = app.config.metricsToken ? digest(app.config.metricsToken) : undefined;
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const metrics = app.metrics;
    if (!expected || !metrics) throw notFound('http.not_found');
    const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), expected))
      throw new HttpError(401, 'http.unauthorized', undefined, undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    const text = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
};
