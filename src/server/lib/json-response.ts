import type { OutgoingHttpHeaders } from 'node:http';
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

type Encoding = 'br' | 'gzip' | 'identity';
/** Below this, compressing costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;
/** Accept-Encoding spellings a shared answer keeps ready responses for (browsers use a handful). */
const MAX_READY_VARIANTS = 8;

/** An answer as it goes on the wire: status 200, these headers (content-length included), these bytes. */
export interface ReadyResponse {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * JSON text that is sent many times (a cached answer): its bytes and each compressed form are made
 * once, the first time a client asks for them, and kept with the text; so are the whole responses
 * already sent with it, per Accept-Encoding header (`ready`), for a front path that answers a
 * repeated request without the route (decision 015).
 */
export class SharedJson {
  private readonly encoded = new Map<Encoding, Buffer>();
  private readonly responses = new Map<string, ReadyResponse>();
  constructor(readonly text: string) {}

  encode(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? // Quality 5: most of brotli's gain at a small fraction of its top quality's time.
            brotliCompressSync(this.text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : encoding === 'gzip'
            ? gzipSync(this.text)
            : Buffer.from(this.text);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** The response sent to a request with this Accept-Encoding header ('' for none), if kept. */
  ready(acceptEncoding: string): ReadyResponse | undefined {
    return this.responses.get(acceptEncoding);
  }

  /** Keeps a response sent with these bytes, to send again as it is. */
  keepReady(acceptEncoding: string, response: ReadyResponse) {
    if (this.responses.size < MAX_READY_VARIANTS) this.responses.set(acceptEncoding, response);
  }

  /** Roughly what it holds in memory once its bytes and compressed forms are made, for the cache's size bound. */
  get size(): number {
    return Math.ceil(this.text.length * 2.25);
  }
}

const negotiator = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * Sends shared JSON's bytes as they are (Fastify serializes only non-buffer payloads), brotli- or
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
  return reply.send(json.encode('identity'));
}
