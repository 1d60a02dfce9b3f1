import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { messageToSend } from '../chat-format';
import { useAutoGrow } from './use-auto-grow';
import { usePhotoAttachment } from './use-photo-attachment';
import { useSendWithAck } from './use-send-with-ack';
import type { useOwnTyping } from './use-typing';

/**
 * The dialog's input: the draft (a message that could not be sent comes back above what is being
 * typed), the member's typing signal, a photo to attach, and sending, where Enter sends and
 * Shift+Enter starts a new line.
 */
export function useChatComposer(
  conversationId: string,
  memberId: string,
  ownTyping: ReturnType<typeof useOwnTyping>,
) {
  const input = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const restoreDraft = useCallback((content: string) => {
    setDraft((current) => (current.trim() ? `${content}\n${current}` : content));
  }, []);
  const send = useSendWithAck(conversationId, memberId, restoreDraft);
  const photo = usePhotoAttachment(conversationId, (content) =>
    setDraft((current) => (current.trim() === content ? '' : current)),
  );
  useAutoGrow(input, draft);

  const submit = () => {
    if (photo.sending) return;
    const content = messageToSend(draft);
    if (photo.photo) {
      ownTyping.stop();
      return photo.send(photo.photo, content ?? '');
    }
    if (!content) return;
    ownTyping.stop();
    setDraft('');
    void send(content);
  };

  return {
    input,
    draft,
    photo,
    canSend: !photo.sending && (messageToSend(draft) !== null || photo.photo !== null),
    onDraftChange: (value: string) => {
      setDraft(value);
      if (value.trim()) ownTyping.keyPressed();
      else ownTyping.stop();
    },
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      submit();
      input.current?.focus();
    },
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && !event.nativeEvent.isComposing && !event.shiftKey) {
        event.preventDefault();
        submit();
      }
    },
  };
}
