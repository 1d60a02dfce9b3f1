import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../common/api/common';
import { imageQuery, uploadedImage } from '../../../common/api/images';
import { notFound } from '../../lib/errors';
import { acceptImageUploads, readImageUpload } from './image-upload';
import { loadImage, storeImage } from './images.service';
import { KEEPS_MARKETPLACE } from '../items';

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  await acceptImageUploads(app);

  app.post(
    '/api/images',
    {
      config: { auth: 'member', memberLimit: 'upload', ...KEEPS_MARKETPLACE },
      schema: { response: { 201: uploadedImage } },
    },
    async (request, reply) => {
      const buffer = await readImageUpload(request);
      const stored = await storeImage(ctx, request.member.id, buffer, {
        quotaBytes: app.config.uploadQuotaMb * 1024 * 1024,
      });
      return reply.status(201).send(stored);
    },
  );

  app.get(
    '/images/:id',
    { config: { auth: 'public' }, schema: { params: idParam, querystring: imageQuery } },
    async (request, reply) => {
      const width = request.query.w === '400' ? 400 : 1200;
      const etag = `"${request.params.id}-${width}"`;
      const cached = request.headers['if-none-match'] === etag;
      const data = cached ? undefined : await loadImage(ctx, request.params.id, width);
      if (!cached && !data) throw notFound('images.not_found');
      // Image bytes never change under an id, so browsers may keep them for a year.
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (cached) return reply.status(304).send();
      return reply.type('image/webp').send(data);
    },
  );
};
