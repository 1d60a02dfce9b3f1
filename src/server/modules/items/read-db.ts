import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import type { ServiceContext } from '../../lib/service-context';

/**
 * The database for a read-only marketplace query (lists, search, facets, item pages, similar
 * items): a streaming replica when DATABASE_READ_URLS names one that may serve this reader, the
 * primary otherwise (lib/read-routing.ts states the rules; decision 025). `memberId` is the reader
 * when the route knows them; the request carries the cookie of a browser that just wrote.
 */
export function readDb(ctx: ServiceContext, request?: FastifyRequest, memberId?: string): Db {
  return ctx.reads ? ctx.reads.dbFor(request, memberId) : ctx.db;
}

/**
 * `ctx` with `db` swapped for `readDb(…)`, for the service functions of those reads, which take
 * their database from the context. A read that turns out to write (the facet counts' fold) is run
 * again on the primary by the replica's connection (db/read-replicas.ts).
 */
export function readContext(
  ctx: ServiceContext,
  request?: FastifyRequest,
  memberId?: string,
): ServiceContext {
  if (!ctx.reads) return ctx;
  const db = ctx.reads.dbFor(request, memberId);
  return db === ctx.db ? ctx : { ...ctx, db };
}
