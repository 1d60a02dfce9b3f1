/**
 * The images module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/images/ is its own (eslint.config.js, the server's import boundaries).
 */
export { acceptImageUploads, readImageUpload } from './image-upload';
export { ownedImageIds } from './images.query';
export { imageUrl, processImage, storeImage } from './images.service';
