import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

type Encoding = 'br' | 'gzip';
/** Below this, compressing costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * JSON text that is sent many times (a cached answer): each compressed form is made once, the
 * first time a client asks for it, and kept with the text.
 */
export class SharedJson {
  private readonly encoded = new Map<Encoding, Buffer>();
  constructor(readonly text: string) {}

  encode(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? // Quality 5: most of brotli's gain at a small fraction of its top quality's time.
            brotliCompressSync(this.text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.text);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** Roughly what it holds in memory once compressed forms are made, for the cache's size bound. */
  get size(): number {
    return Math.ceil(this.text.length * 1.25);
  }
}

const negotiator = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * Sends shared JSON text as it is (Fastify serializes only non-string payloads), brotli- or
 * gzip-compressed when the client accepts it.
 */
export function sendSharedJson(request: FastifyRequest, reply: FastifyReply, json: SharedJson): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    accepted && json.text.length >= MIN_COMPRESS_BYTES ? negotiator.negotiate(accepted) : 'identity';
  if (encoding === 'br' || encoding === 'gzip') {
    return reply.header('content-encoding', encoding).send(json.encode(encoding));
  }
  return reply.send(json.text);
}
