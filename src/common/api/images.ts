import { z } from 'zod';

export { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../domain/limits';
export const IMAGE_URL_PATTERN = /^\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const uploadedImage = z.object({ id: z.string(), url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;

export const imageQuery = z.object({
  w: z.enum(['400', '1200'], { message: 'w must be 400 or 1200' }).optional(),
});
