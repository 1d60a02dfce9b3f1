import { imageUrl } from '@common/domain/image-url';
import { moveEntry, photoFileProblem } from '@common/domain/item-form-rules';
import { MAX_ITEM_PHOTOS } from '@common/domain/limits';
import { useEffect, useRef, useState } from 'react';
import { i18n } from '@client/i18n';
import { isSessionLost, errorText } from '@client/lib/api-error';
import { handleUnauthorized } from '@client/lib/unauthorized';
import { uploadImage } from '@client/lib/upload-image';

export interface PhotoEntry {
  key: string;
  /** What the thumbnail shows: the local file while it uploads, the stored photo otherwise. */
  preview: string;
  /** The stored photo's URL once uploaded. */
  url: string | null;
  status: 'uploading' | 'done' | 'error';
  /** 0 to 1. */
  progress: number;
  error: string | null;
  /** Kept for a retry. */
  file: File | null;
}

let nextKey = 0;

/**
 * The List Item form's photos: each chosen file is checked, previewed at once and uploaded
 * in the background with its progress; entries can be reordered (the first is the cover),
 * retried and removed. `urls` are the uploaded photos in order, ready to submit.
 */
export function usePhotoUploads(initialUrls: readonly string[]) {
  const [photos, setPhotos] = useState<PhotoEntry[]>(() =>
    initialUrls.map((url) => ({
      key: url,
      preview: imageUrl(url, 400),
      url,
      status: 'done',
      progress: 1,
      error: null,
      file: null,
    })),
  );
  const [problems, setProblems] = useState<string[]>([]);
  const aborts = useRef(new Map<string, () => void>());
  const objectUrls = useRef(new Set<string>());

  useEffect(() => {
    const pending = aborts.current;
    const previews = objectUrls.current;
    return () => {
      for (const abort of pending.values()) abort();
      for (const url of previews) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (key: string, change: Partial<PhotoEntry>) =>
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  const start = (key: string, file: File) => {
    const handle = uploadImage(file, (progress) => update(key, { progress }));
    aborts.current.set(key, handle.abort);
    handle.promise.then(
      (uploaded) => update(key, { status: 'done', url: uploaded.url, progress: 1, error: null }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        if (isSessionLost(error)) handleUnauthorized();
        update(key, { status: 'error', error: errorText(error) ?? i18n.t('items:photos.uploadFailed') });
      },
    );
    void handle.promise.catch(() => undefined).finally(() => aborts.current.delete(key));
  };

  const addFiles = (files: readonly File[]) => {
    const found: string[] = [];
    const room = MAX_ITEM_PHOTOS - photos.length;
    const accepted: File[] = [];
    for (const file of files) {
      const problem = photoFileProblem(file);
      if (problem) found.push(problem);
      else accepted.push(file);
    }
    if (accepted.length > room) {
      found.push(
        room <= 0
          ? i18n.t('items:photos.full', { max: MAX_ITEM_PHOTOS })
          : i18n.t('items:photos.tooMany', { max: MAX_ITEM_PHOTOS, room }),
      );
      accepted.splice(Math.max(room, 0));
    }
    setProblems(found);
    if (accepted.length === 0) return;
    const entries = accepted.map((file): PhotoEntry => {
      nextKey += 1;
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      return {
        key: `upload-${nextKey}`,
        preview,
        url: null,
        status: 'uploading',
        progress: 0,
        error: null,
        file,
      };
    });
    setPhotos((current) => [...current, ...entries]);
    for (const entry of entries) if (entry.file) start(entry.key, entry.file);
  };

  const remove = (key: string) => {
    aborts.current.get(key)?.();
    const photo = photos.find((entry) => entry.key === key);
    if (photo && objectUrls.current.has(photo.preview)) {
      URL.revokeObjectURL(photo.preview);
      objectUrls.current.delete(photo.preview);
    }
    setPhotos((current) => current.filter((entry) => entry.key !== key));
    setProblems([]);
  };

  const retry = (key: string) => {
    const photo = photos.find((entry) => entry.key === key);
    if (!photo?.file) return;
    update(key, { status: 'uploading', progress: 0, error: null });
    start(key, photo.file);
  };

  const move = (from: number, to: number) => setPhotos((current) => moveEntry(current, from, to));

  return {
    photos,
    problems,
    addFiles,
    remove,
    retry,
    move,
    urls: photos.flatMap((photo) => (photo.status === 'done' && photo.url ? [photo.url] : [])),
    uploading: photos.some((photo) => photo.status === 'uploading'),
    failed: photos.some((photo) => photo.status === 'error'),
    full: photos.length >= MAX_ITEM_PHOTOS,
  };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
