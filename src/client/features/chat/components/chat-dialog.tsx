import { ACCEPTED_IMAGE_TYPES, MAX_MESSAGE_LENGTH } from '@common/domain/limits';
import { displayName } from '@common/domain/display-name';
import { ImagePlus, Send, Tag, Users, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { hasStatus } from '@client/lib/api-error';
import { nameList, ringThreadTitle } from '../chat-format';
import { useChatComposer } from '../hooks/use-chat-composer';
import { useIncomingAnnouncements, useJoinedConversation } from '../hooks/use-conversation-presence';
import { useConversationView } from '../hooks/use-conversation-view';
import { useReadReceipts } from '../hooks/use-read-receipts';
import { useOtherTyping, useOwnTyping } from '../hooks/use-typing';
import { useOnline, useWaitingMessages } from '../outbox';
import { MessageList } from './message-list';
import { MemberAvatars, ParticipantAvatar } from './participant-avatar';

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
  const view = useConversationView(conversationId, memberId);
  const { conversation, messages, loaded, isRing, other, others, names, otherName, seenMessageId, closed } =
    view;
  const { isPending, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = view.query;
  const waiting = useWaitingMessages(conversationId);
  const online = useOnline();

  const ownTyping = useOwnTyping(conversationId);
  const typingId = useOtherTyping(conversationId, memberId, open);
  const typingName = typingId ? (names?.get(typingId) ?? otherName) : null;
  useJoinedConversation(conversationId, open, ownTyping);
  const requestRead = useReadReceipts(conversationId, open, loaded);
  const announcement = useIncomingAnnouncements({
    conversationId,
    memberId,
    open,
    names,
    otherName,
    onArrived: requestRead,
  });
  const composer = useChatComposer(conversationId, memberId, ownTyping);
  const { input, photo: attachment } = composer;
  const { photo, error: photoError, sending: sendingPhoto } = attachment;
  const photoInput = useRef<HTMLInputElement>(null);

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
        ) : isError && !loaded ? (
          hasStatus(error, 404) ? (
            <div
              className="flex min-h-0 flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground"
              data-testid="text-chat-not-found"
            >
              <p>{t('dialog.notFound')}</p>
              <Button variant="outline" size="sm" onClick={() => onOpenChange(false)}>
                {t('dialog.backToInbox')}
              </Button>
            </div>
          ) : (
            <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
              <p>{t('dialog.unavailable')}</p>
              <Button variant="outline" size="sm" onClick={() => void refetch()}>
                {t('dialog.retry')}
              </Button>
            </div>
          )
        ) : (
          <MessageList
            messages={messages}
            memberId={memberId}
            otherName={otherName}
            senderNames={names}
            waiting={waiting}
            seenMessageId={seenMessageId}
            hasEarlier={hasNextPage}
            loadingEarlier={isFetchingNextPage}
            onLoadEarlier={() => {
              fetchNextPage().catch((pageError: unknown) =>
                console.error('Failed to load earlier messages', pageError),
              );
            }}
          />
        )}

        {online ? null : (
          <p
            role="status"
            className="shrink-0 border-t bg-muted px-4 py-1.5 text-xs text-muted-foreground"
            data-testid="text-chat-offline"
          >
            {t('dialog.offline')}
          </p>
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

        {isError && !loaded ? null : closed ? (
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
            onSubmit={composer.onSubmit}
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
                        attachment.remove();
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
                attachment.pick(event.target.files?.[0]);
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
              value={composer.draft}
              maxLength={MAX_MESSAGE_LENGTH}
              placeholder={t('dialog.placeholder')}
              aria-describedby="chat-message-hint"
              onChange={(event) => composer.onDraftChange(event.target.value)}
              onKeyDown={composer.onKeyDown}
              className="max-h-40 min-h-10 min-w-0 flex-1 resize-none py-2"
              data-testid="input-chat-message"
            />
            <span id="chat-message-hint" className="sr-only">
              {t('dialog.hint')}
            </span>
            <Button
              type="submit"
              size="icon"
              disabled={!composer.canSend}
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
