import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moderationQueueQuery, type ModerationQueueStatus } from '../../common/api/common';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `GET {path}?status=open|resolved`: one moderation queue (reports, disputes) for members with the
 * moderator role, open entries unless asked otherwise. Each route module registers its own queue
 * beside the route that acts on one entry (`{path}/:id…`, also `auth: 'moderator'`).
 */
export function registerModerationQueue<Entry extends z.ZodType>(
  app: App,
  path: string,
  entry: Entry,
  list: (status: ModerationQueueStatus) => Promise<z.output<Entry>[]>,
) {
  app.get(
    path,
    {
      config: { auth: 'moderator' },
      schema: { querystring: moderationQueueQuery, response: { 200: z.array(entry) } },
    },
    async (request) => list(request.query.status),
  );
}
