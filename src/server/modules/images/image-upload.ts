import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../../common/api/images';
import { badRequest, HttpError, httpError } from '../../lib/errors';

/**
 * The most an upload request's body may hold: the image, plus room for its part's headers and the
 * few small fields the parser accepts (5 of at most 1 KB).
 */
const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** Lets the routes of `app` (one plugin) take one image as multipart/form-data, within the upload limits. */
export async function acceptImageUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
}

/**
 * The bytes of the image sent in the multipart field "file"; a clear 400 or 413 otherwise. A body
 * declared larger than the limit is refused before anything is read; a chunked body declares no
 * length, so its bytes are counted as they arrive.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('images.not_multipart');
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_UPLOAD_REQUEST_BYTES) {
    throw httpError(413, 'images.upload_too_large');
  }
  const reading = readFilePart(request);
  const overflow = declared === undefined ? watchBodySize(request.raw, MAX_UPLOAD_REQUEST_BYTES) : undefined;
  try {
    const buffer = await (overflow ? Promise.race([reading, overflow.reached]) : reading);
    if (!buffer || buffer.length === 0) throw badRequest('images.missing_file');
    return buffer;
  } catch (error) {
    throw uploadError(error);
  } finally {
    overflow?.stop();
  }
}

async function readFilePart(request: FastifyRequest): Promise<Buffer | undefined> {
  let buffer: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') throw badRequest('images.missing_file');
    buffer = await part.toBuffer();
  }
  return buffer;
}

/**
 * Rejects `reached` with a 413 once more than `limit` bytes of the body have arrived, and stops
 * feeding the multipart parser; the rest of the body is read and dropped.
 */
function watchBodySize(raw: IncomingMessage, limit: number) {
  let received = 0;
  let onData: (chunk: Buffer) => void = () => undefined;
  const reached = new Promise<never>((_resolve, reject) => {
    onData = (chunk) => {
      received += chunk.length;
      if (received <= limit) return;
      raw.unpipe();
      reject(httpError(413, 'images.upload_too_large'));
    };
  });
  raw.on('data', onData);
  return {
    reached,
    // Once the upload is answered, a body still arriving keeps flowing (into nothing) until it ends.
    stop: () => {
      if (received <= limit) raw.off('data', onData);
    },
  };
}

/**
 * What the client did wrong, as a clear 4xx: errors of the multipart parser come from the bytes the
 * client sent (a missing boundary, a part cut short, too many parts), never from the server.
 */
function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { code, statusCode, message } = error as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return httpError(413, 'images.too_large');
  if (statusCode === 413) return httpError(413, 'images.one_image');
  if (message === 'Multipart: Boundary not found') return badRequest('images.no_boundary');
  return badRequest('images.malformed_upload');
}
