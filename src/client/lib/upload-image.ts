import type { UploadedImage } from '@common/api/images';
import { ApiError } from '@client/lib/api-error';

export interface UploadHandle {
  promise: Promise<UploadedImage>;
  abort: () => void;
}

/**
 * POST /api/images (listing photos, avatars, dispute evidence, chat photos) with the file in the multipart field `file`. XMLHttpRequest rather than
 * fetch, because only it reports upload progress. Failures reject with the same ApiError as
 * apiRequest.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedImage>((resolve, reject) => {
    xhr.open('POST', '/api/images');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadedImage);
        } catch {
          reject(new ApiError(xhr.status, 'Unexpected answer from the server', null, []));
        }
        return;
      }
      reject(ApiError.fromBody(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('Network error: the upload did not reach the server'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
