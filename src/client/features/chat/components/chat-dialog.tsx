import { ACCEPTED_IMAGE_TYPES, MAX_MESSAGE_LENGTH, MAX_UPLOAD_BYTES } from '@common/domain/limits';
import { displayName } from '@common/domain/display-name';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Send, Tag, Users, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { uploadImage } from '@client/lib/upload-image';
import { ApiError } from '@client/lib/api-error';
import { realtime, useRealtimeEvent } from '@client/lib/socket';
import {
  conversationKey,
  flattenMessages,
  sendMessage,
  sendPhotoMessage,
  useConversationMessages,
  useMarkConversationRead,
  type ConversationPages,
} from '../api';
import {
  lastOwnMessage,
  memberNames,
  messageSummary,
  messageToSend,
  nameList,
  otherMembers,
  otherParticipant,
  ringThreadTitle,
} from '../chat-format';
import { useOtherTyping, useOwnTyping } from '../use-typing';
import { MessageList } from './message-list';
import { MemberAvatars, ParticipantAvatar } from './participant-avatar';

/** A message sent over the socket counts as lost when its echo has not come back by then. */
const SEND_ACK_TIMEOUT_MS = 10_000;
/** Messages arriving in a burst are marked read with one call. */
const READ_DEBOUNCE_MS = 300;
/** The server's answer to typing before the join went through: harmless, and not about a send. */
const TYPING_ERROR = /before typing/i;

/**
 * The chat dialog (docs/product.md, Chat): the other member and the item in the header, the messages, the
 * other member's typing, and the input, where Enter sends and Shift+Enter starts a new line.
 * While open it is joined to the conversation (no message notifications for it then) and marks
 * what the other member sent as read. Full screen on phones.
 */
export function ChatDialog({
  conversationId,
  memberId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  conversationId: string;
  memberId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const query = useConversationMessages(conversationId);
  const { data, isPending, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const conversation = data?.pages[0];
  const messages = useMemo(() => flattenMessages(data), [data]);
  const isRing = conversation?.ring != null;
  const other = conversation && !isRing ? otherParticipant(conversation, memberId) : null;
  const others = conversation ? otherMembers(conversation, memberId) : [];
  // In a ring's thread each message shows its sender; 'Seen' is for conversations of two.
  const names = useMemo(
    () => (conversation && isRing ? memberNames(conversation) : null),
    [conversation, isRing],
  );
  const otherName = isRing ? t('dialog.theRing') : other ? displayName(other) : t('dialog.thisMember');
  const lastOwn = lastOwnMessage(messages, memberId);
  const seenMessageId = !isRing && lastOwn?.isRead ? lastOwn.id : null;
  const closed = conversation?.acceptsMessages === false;

  const input = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const ownTyping = useOwnTyping(conversationId);
  const typingId = useOtherTyping(conversationId, memberId, open);
  const typingName = typingId ? (names?.get(typingId) ?? otherName) : null;
  const { mutate: markRead } = useMarkConversationRead();

  useEffect(() => {
    // As docs/product.md (Chat) has it: chat load errors are only logged.
    if (isError) console.error('Failed to load the conversation', error);
  }, [isError, error]);

  // Joined while open: the server then sends typing, and no message notifications for this chat.
  useEffect(() => {
    if (!open) return;
    realtime.joinConversation(conversationId);
    return () => {
      ownTyping.stop();
      realtime.leaveConversation(conversationId);
    };
  }, [open, conversationId, ownTyping]);

  // Read receipts: on open, and when the other member's messages arrive, once the tab is visible.
  const readTimer = useRef(0);
  const readWanted = useRef(false);
  const requestRead = useCallback(() => {
    readWanted.current = true;
    window.clearTimeout(readTimer.current);
    readTimer.current = window.setTimeout(() => {
      if (document.visibilityState !== 'visible') return;
      readWanted.current = false;
      markRead(conversationId);
    }, READ_DEBOUNCE_MS);
  }, [conversationId, markRead]);
  const loaded = data !== undefined;
  useEffect(() => {
    if (open && loaded) requestRead();
  }, [open, loaded, requestRead]);
  useEffect(() => {
    if (!open) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && readWanted.current) requestRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [open, requestRead]);
  useEffect(() => () => window.clearTimeout(readTimer.current), []);

  // Messages sent over the socket wait for their echo; one that never comes goes back in the input.
  const pending = useRef<Array<{ content: string; ownCopies: number; timer: number }>>([]);
  const restoreDraft = useCallback((content: string) => {
    setDraft((current) => (current.trim() ? `${content}\n${current}` : content));
  }, []);
  const ownCopies = useCallback(
    (content: string) =>
      flattenMessages(queryClient.getQueryData<ConversationPages>(conversationKey(conversationId))).filter(
        (entry) => entry.senderId === memberId && entry.content === content,
      ).length,
    [queryClient, conversationId, memberId],
  );
  const settlePending = useCallback(
    (index: number, delivered: boolean) => {
      const [entry] = pending.current.splice(index, 1);
      if (!entry) return;
      window.clearTimeout(entry.timer);
      if (delivered) return;
      // A reconnect may have brought the message back without its echo: then it was delivered.
      if (ownCopies(entry.content) > entry.ownCopies) return;
      console.error('A message sent over the real-time channel was not confirmed; it is back in the input');
      restoreDraft(entry.content);
    },
    [ownCopies, restoreDraft],
  );
  useEffect(
    () => () => {
      for (const entry of pending.current) window.clearTimeout(entry.timer);
    },
    [],
  );

  useRealtimeEvent((event) => {
    if (event.type === 'new_message' && event.message.conversationId === conversationId) {
      const { message } = event;
      if (message.senderId === memberId) {
        const index = pending.current.findIndex((entry) => entry.content === message.content);
        if (index >= 0) settlePending(index, true);
      } else if (open) {
        setAnnouncement(
          t('dialog.announcement', {
            name: names?.get(message.senderId) ?? otherName,
            message: messageSummary({ ...message, tradeEvent: message.trade?.event ?? null }),
          }),
        );
        requestRead();
      }
    } else if (event.type === 'error' && pending.current.length > 0 && !TYPING_ERROR.test(event.message)) {
      settlePending(0, false);
    }
  });

  // A photo waiting to be sent: shown as a preview above the input until sent or removed.
  const photoInput = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<{ file: File; previewUrl: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [sendingPhoto, setSendingPhoto] = useState(false);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.previewUrl) : undefined), [photo]);
  const pickPhoto = (file: File | undefined) => {
    if (!file) return;
    // The same limits as the server's (POST /api/images), checked first so nothing is uploaded in vain.
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
      return setPhotoError(t('photo.wrongType'));
    if (file.size > MAX_UPLOAD_BYTES) return setPhotoError(t('photo.tooLarge'));
    setPhotoError(null);
    setPhoto({ file, previewUrl: URL.createObjectURL(file) });
  };
  const sendPhoto = (chosen: { file: File }, content: string) => {
    setSendingPhoto(true);
    setPhotoError(null);
    uploadImage(chosen.file, () => undefined)
      .promise.then((uploaded) => sendPhotoMessage(queryClient, conversationId, uploaded.id, content))
      .then(
        () => {
          setPhoto(null);
          setDraft((current) => (current.trim() === content ? '' : current));
        },
        (sendError: unknown) => {
          console.error('Failed to send the photo', sendError);
          const status = sendError instanceof ApiError ? sendError.status : 0;
          setPhotoError(
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
      .finally(() => setSendingPhoto(false));
  };

  const submit = () => {
    if (sendingPhoto) return;
    const content = messageToSend(draft);
    if (photo) {
      ownTyping.stop();
      return sendPhoto(photo, content ?? '');
    }
    if (!content) return;
    ownTyping.stop();
    setDraft('');
    const copiesBefore = ownCopies(content);
    sendMessage(queryClient, conversationId, content).then(
      (result) => {
        if (result !== 'socket') return;
        const entry = { content, ownCopies: copiesBefore, timer: 0 };
        entry.timer = window.setTimeout(
          () => settlePending(pending.current.indexOf(entry), false),
          SEND_ACK_TIMEOUT_MS,
        );
        pending.current.push(entry);
      },
      (sendError: unknown) => {
        // As docs/product.md (Chat) has it: only logged; the text goes back into the input so nothing is lost.
        console.error('Failed to send the message', sendError);
        restoreDraft(content);
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  // The input grows with its text up to a few lines, then scrolls.
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  }, [draft]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[min(42rem,calc(100dvh-4rem))] max-w-lg flex-col gap-0 overflow-hidden p-0 max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          input.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid="dialog-chat"
      >
        <header className="flex items-center gap-3 border-b px-4 py-3 pr-12">
          {isRing ? (
            <MemberAvatars users={others} className="size-10" />
          ) : other ? (
            <ParticipantAvatar user={other} className="size-10" />
          ) : (
            <Skeleton className="size-10 shrink-0 rounded-full" />
          )}
          <div className="min-w-0 flex-1">
            <DialogTitle className="truncate text-base font-semibold" data-testid="text-chat-participant">
              {conversation && isRing
                ? ringThreadTitle(conversation)
                : other
                  ? otherName
                  : t('dialog.conversation')}
            </DialogTitle>
            <DialogDescription className="flex min-w-0 items-center gap-1 text-xs">
              {isRing ? (
                <>
                  <Users className="size-3 shrink-0" aria-hidden="true" />
                  <span className="truncate" data-testid="text-chat-members">
                    {t('list.with', { names: nameList(others.map((user) => displayName(user))) })}
                  </span>
                  <span aria-hidden="true">·</span>
                  <Link
                    href="/rings"
                    onClick={() => onOpenChange(false)}
                    className="shrink-0 rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {t('dialog.viewRing')}
                  </Link>
                </>
              ) : conversation?.relatedItem ? (
                <>
                  <Tag className="size-3 shrink-0" aria-hidden="true" />
                  <span className="sr-only">{t('list.about')}</span>
                  <Link
                    href={`/browse?highlight=${conversation.relatedItem.id}`}
                    onClick={() => onOpenChange(false)}
                    className="truncate rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    data-testid="text-chat-item"
                  >
                    {conversation.relatedItem.title}
                  </Link>
                </>
              ) : (
                t('dialog.directMessage')
              )}
            </DialogDescription>
          </div>
        </header>

        {isPending ? (
          <div className="flex min-h-0 flex-1 flex-col justify-end gap-3 p-4" role="status">
            <span className="sr-only">{t('dialog.loading')}</span>
            <Skeleton className="h-9 w-2/3 self-start rounded-2xl" />
            <Skeleton className="h-9 w-1/2 self-end rounded-2xl" />
            <Skeleton className="h-14 w-3/5 self-start rounded-2xl" />
          </div>
        ) : isError ? (
          <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
            <p>{t('dialog.unavailable')}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t('dialog.retry')}
            </Button>
          </div>
        ) : (
          <MessageList
            messages={messages}
            memberId={memberId}
            otherName={otherName}
            senderNames={names}
            seenMessageId={seenMessageId}
            hasEarlier={hasNextPage}
            loadingEarlier={isFetchingNextPage}
            onLeave={() => onOpenChange(false)}
            onLoadEarlier={() => {
              fetchNextPage().catch((pageError: unknown) =>
                console.error('Failed to load earlier messages', pageError),
              );
            }}
          />
        )}

        <div role="status" className="h-5 shrink-0 px-4 text-xs text-muted-foreground">
          {typingName ? (
            <span className="flex items-center gap-1" data-testid="text-typing-indicator">
              {t('dialog.typing', { name: typingName })}
              <TypingDots />
            </span>
          ) : null}
        </div>
        <div className="sr-only" aria-live="polite" aria-atomic="true">
          {announcement}
        </div>

        {closed ? (
          <p
            className="shrink-0 border-t px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center text-sm text-muted-foreground"
            data-testid="text-chat-closed"
          >
            {t('dialog.closed', {
              status: conversation?.ring ? t(`dialog.ringStatus.${conversation.ring.status}`) : '',
            })}
          </p>
        ) : (
          <form
            onSubmit={onSubmit}
            className="flex shrink-0 flex-wrap items-end gap-2 border-t p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
          >
            {photo || photoError ? (
              <div className="flex w-full items-start gap-2" data-testid="chat-photo-preview">
                {photo ? (
                  <div className="relative">
                    <img
                      src={photo.previewUrl}
                      alt={t('photo.preview')}
                      className="size-20 rounded-lg border object-cover"
                    />
                    <Button
                      type="button"
                      size="icon"
                      variant="secondary"
                      className="absolute -top-2 -right-2 size-6 rounded-full shadow"
                      onClick={() => {
                        setPhoto(null);
                        input.current?.focus();
                      }}
                      disabled={sendingPhoto}
                      aria-label={t('photo.remove')}
                      data-testid="button-remove-chat-photo"
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                ) : null}
                {sendingPhoto ? (
                  <p role="status" className="self-center text-xs text-muted-foreground">
                    {t('photo.sending')}
                  </p>
                ) : null}
                {photoError ? (
                  <p
                    role="alert"
                    className="self-center text-sm text-destructive"
                    data-testid="text-chat-photo-error"
                  >
                    {photoError}
                  </p>
                ) : null}
              </div>
            ) : null}
            <input
              ref={photoInput}
              id="chat-photo-input"
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                pickPhoto(event.target.files?.[0]);
                // The same file may be chosen again after removing it.
                event.target.value = '';
              }}
              data-testid="input-chat-photo"
            />
            <Button
              type="button"
              size="icon"
              variant="ghost"
              onClick={() => photoInput.current?.click()}
              disabled={sendingPhoto}
              aria-label={t('photo.add')}
              title={t('photo.add')}
              data-testid="button-add-chat-photo"
            >
              <ImagePlus aria-hidden="true" />
            </Button>
            <label htmlFor="chat-message-input" className="sr-only">
              {t('dialog.inputLabel', { name: otherName })}
            </label>
            <Textarea
              id="chat-message-input"
              ref={input}
              rows={1}
              value={draft}
              maxLength={MAX_MESSAGE_LENGTH}
              placeholder={t('dialog.placeholder')}
              aria-describedby="chat-message-hint"
              onChange={(event) => {
                setDraft(event.target.value);
                if (event.target.value.trim()) ownTyping.keyPressed();
                else ownTyping.stop();
              }}
              onKeyDown={onKeyDown}
              className="max-h-40 min-h-10 min-w-0 flex-1 resize-none py-2"
              data-testid="input-chat-message"
            />
            <span id="chat-message-hint" className="sr-only">
              {t('dialog.hint')}
            </span>
            <Button
              type="submit"
              size="icon"
              disabled={sendingPhoto || (messageToSend(draft) === null && photo === null)}
              aria-label={t('dialog.send')}
              data-testid="button-send-message"
            >
              <Send aria-hidden="true" />
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TypingDots() {
  return (
    <span className="inline-flex gap-0.5" aria-hidden="true">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1 animate-bounce rounded-full bg-muted-foreground"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
