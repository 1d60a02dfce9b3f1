import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../../common/api/images';
import { badRequest, httpError } from '../../lib/errors';

/** Lets the routes of `app` (one plugin) take one image as multipart/form-data, within the upload limits. */
export async function acceptImageUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
}

/** The bytes of the image sent in the multipart field "file"; a clear 400 or 413 otherwise. */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('images.not_multipart');
  let buffer: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') throw badRequest('images.missing_file');
    try {
      buffer = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw httpError(413, 'images.too_large');
      }
      throw error;
    }
  }
  if (!buffer || buffer.length === 0) throw badRequest('images.missing_file');
  return buffer;
}
