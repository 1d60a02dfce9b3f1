import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * The JSON text of `value` as the route's response schema lets it out: the same parse that the
 * zod serializer runs (unknown fields are dropped), done once so that the text can be cached.
 * A value that does not fit its own contract is a server fault (500), never a client one.
 */
export function serializeWith<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`response does not match its schema: ${result.error.message}`);
  return JSON.stringify(result.data);
}

/** Sends JSON text made by `serializeWith` as it is (Fastify serializes only non-string payloads). */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
