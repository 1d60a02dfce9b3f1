import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@common/domain/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@client/lib/api-error';
import { uploadImage } from '@client/lib/upload-image';
import { sendPhotoMessage } from '../api';

/**
 * A photo waiting to be sent: shown as a preview above the input until sent or removed. `pick`
 * checks the server's limits first (POST /api/images) so nothing is uploaded in vain; `send` uploads
 * it and sends it with the text, then calls `onSent(content)`; a refusal is said in `error`.
 */
export function usePhotoAttachment(conversationId: string, onSent: (content: string) => void) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [photo, setPhoto] = useState<{ file: File; previewUrl: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.previewUrl) : undefined), [photo]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
      return setError(t('photo.wrongType'));
    if (file.size > MAX_UPLOAD_BYTES) return setError(t('photo.tooLarge'));
    setError(null);
    setPhoto({ file, previewUrl: URL.createObjectURL(file) });
  };

  const send = (chosen: { file: File }, content: string) => {
    setSending(true);
    setError(null);
    uploadImage(chosen.file, () => undefined)
      .promise.then((uploaded) => sendPhotoMessage(queryClient, conversationId, uploaded.id, content))
      .then(
        () => {
          setPhoto(null);
          onSent(content);
        },
        (sendError: unknown) => {
          console.error('Failed to send the photo', sendError);
          const status = sendError instanceof ApiError ? sendError.status : 0;
          setError(
            status === 400
              ? t('photo.wrongType')
              : status === 413
                ? t('photo.quota')
                : status === 429
                  ? t('photo.tooMany')
                  : t('photo.failed'),
          );
        },
      )
      .finally(() => setSending(false));
  };

  return { photo, error, sending, pick, send, remove: () => setPhoto(null) };
}
