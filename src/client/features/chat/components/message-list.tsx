import type { Message } from '@common/api/chat';
import { ArrowDown, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { messageParts, messageTime } from '../chat-format';
import { TradeCardMessage } from './trade-card-message';
import { useNow } from '../hooks/use-now';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';

/** Messages closer together than this from one sender form a group showing one time. */
const GROUP_GAP_MS = 5 * 60_000;

/**
 * The conversation, oldest at the top: the member's messages on the right, the other members' on
 * the left (in a ring's thread under their sender's name), each group with its time, and 'Seen' under the member's last message once read.
 * It opens at the newest message and stays there as messages arrive unless the member has
 * scrolled up (then a button offers to jump down). 'Load earlier messages' keeps the view where
 * it was while older ones appear above.
 */
export function MessageList({
  messages,
  memberId,
  otherName,
  senderNames = null,
  seenMessageId,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  waiting = [],
}: {
  messages: Message[];
  memberId: string;
  otherName: string;
  /** In a ring's thread: each member's name, shown above their messages. */
  senderNames?: ReadonlyMap<string, string> | null;
  seenMessageId: string | null;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** The member's messages not sent yet (typed offline): after the others, 'Waiting to send'. */
  waiting?: readonly { clientId: string; content: string }[];
}) {
  const { t } = useTranslation('chat');
  const { tag } = useFormat();
  const { scroller, content, newBelow, onScroll, loadEarlier, jumpDown } = useStickToBottom({
    messages,
    memberId,
    seenMessageId,
    waiting,
    onLoadEarlier,
  });
  const now = useNow(60_000);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        // Scrollable, so reachable by keyboard (arrow keys scroll it).
        tabIndex={0}
        role="region"
        aria-label={t('thread.label', { name: otherName })}
        className="flex h-full flex-col overflow-y-auto overscroll-contain px-3 py-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset sm:px-4"
      >
        {/* Few messages sit at the bottom, next to the input, as in any messenger. */}
        <div className="flex-1" aria-hidden="true" />
        <div ref={content} className="flex flex-col">
          {hasEarlier ? (
            <div className="mb-4 flex justify-center">
              <Button
                variant="outline"
                size="sm"
                onClick={loadEarlier}
                disabled={loadingEarlier}
                data-testid="button-load-earlier"
              >
                {loadingEarlier ? t('thread.loadingEarlier') : t('thread.loadEarlier')}
              </Button>
            </div>
          ) : null}

          {messages.length === 0 && waiting.length === 0 ? (
            <p className="px-6 py-12 text-center text-sm text-muted-foreground" data-testid="text-chat-empty">
              {t('thread.empty', { name: otherName })}
            </p>
          ) : (
            <ol className="flex flex-col">
              {messages.map((message, index) => {
                const own = message.senderId === memberId;
                if (message.trade) {
                  // A barter event: one centred line outside the senders' groups, opening onto its card.
                  return (
                    <li
                      key={message.id}
                      className="my-2 flex w-full flex-col items-center"
                      data-testid={`chat-message-${message.id}`}
                    >
                      <TradeCardMessage
                        card={message.trade}
                        memberId={memberId}
                        names={senderNames ?? new Map()}
                        fallbackName={otherName}
                        time={{
                          dateTime: message.createdAt,
                          text: messageTime(message.createdAt, now, tag),
                        }}
                      />
                    </li>
                  );
                }
                const next = messages[index + 1];
                const previousMessage = messages[index - 1];
                const startsGroup =
                  !previousMessage ||
                  previousMessage.trade !== null ||
                  previousMessage.senderId !== message.senderId ||
                  Date.parse(message.createdAt) - Date.parse(previousMessage.createdAt) > GROUP_GAP_MS;
                const endsGroup =
                  !next ||
                  next.trade !== null ||
                  next.senderId !== message.senderId ||
                  Date.parse(next.createdAt) - Date.parse(message.createdAt) > GROUP_GAP_MS;
                const seen = message.id === seenMessageId;
                const senderName =
                  senderNames?.get(message.senderId) ?? (senderNames ? t('list.aMember') : otherName);
                return (
                  <li
                    key={message.id}
                    className={cn(
                      'flex max-w-[85%] flex-col sm:max-w-[75%]',
                      own ? 'items-end self-end' : 'items-start self-start',
                      startsGroup && index > 0 ? 'mt-3' : 'mt-0.5',
                    )}
                    data-testid={`chat-message-${message.id}`}
                    data-own={own ? 'true' : 'false'}
                  >
                    {senderNames && !own && startsGroup ? (
                      <span
                        className="mb-0.5 px-1 text-xs font-medium text-muted-foreground"
                        aria-hidden="true"
                        data-testid="text-message-sender"
                      >
                        {senderName}
                      </span>
                    ) : null}
                    <span className="sr-only">
                      {t('thread.sender', { name: own ? t('thread.you') : senderName })}
                    </span>
                    {message.photo ? (
                      <PhotoBubble
                        photo={message.photo}
                        label={t('photo.open', { name: own ? t('thread.you') : senderName })}
                      />
                    ) : null}
                    {message.content ? (
                      <p
                        className={cn(
                          'max-w-full rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-snug whitespace-pre-wrap [overflow-wrap:anywhere]',
                          message.photo && 'mt-1',
                          own
                            ? 'rounded-br-md bg-primary text-primary-foreground'
                            : 'rounded-bl-md bg-muted text-foreground',
                        )}
                      >
                        <MessageText content={message.content} />
                      </p>
                    ) : null}
                    {endsGroup || seen ? (
                      <span className="mt-1 flex items-center gap-1 px-1 text-xs text-muted-foreground">
                        <time dateTime={message.createdAt}>{messageTime(message.createdAt, now, tag)}</time>
                        {seen ? (
                          <>
                            <span aria-hidden="true">·</span>
                            <span data-testid="text-seen">{t('thread.seen')}</span>
                          </>
                        ) : null}
                      </span>
                    ) : null}
                  </li>
                );
              })}
              {waiting.map((entry, index) => (
                <li
                  key={entry.clientId}
                  className={cn(
                    'flex max-w-[85%] flex-col items-end self-end sm:max-w-[75%]',
                    index === 0 ? 'mt-3' : 'mt-0.5',
                  )}
                  data-testid="chat-message-waiting"
                  data-own="true"
                >
                  <span className="sr-only">{t('thread.sender', { name: t('thread.you') })}</span>
                  <p className="max-w-full rounded-2xl rounded-br-md border border-dashed border-primary bg-primary/10 px-3.5 py-2 text-[0.9375rem] leading-snug whitespace-pre-wrap text-foreground [overflow-wrap:anywhere]">
                    {entry.content}
                  </p>
                  <span
                    className="mt-1 flex items-center gap-1 px-1 text-xs text-muted-foreground"
                    data-testid="text-waiting-to-send"
                  >
                    <Clock className="size-3" aria-hidden="true" />
                    {t('dialog.waiting')}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>

      {newBelow ? (
        <Button
          size="sm"
          variant="secondary"
          className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full shadow-md"
          onClick={jumpDown}
          data-testid="button-jump-latest"
        >
          <ArrowDown aria-hidden="true" />
          {t('thread.newMessages')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A photo message's thumbnail (400 px wide); it opens the full size (1200 px) in a new tab. The
 * image is a link, so it is reached and opened with the keyboard like any link.
 */
function PhotoBubble({ photo, label }: { photo: NonNullable<Message['photo']>; label: string }) {
  return (
    <a
      href={photo.url}
      target="_blank"
      rel="noopener"
      className="block overflow-hidden rounded-2xl border bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-testid="link-chat-photo"
    >
      <img
        src={photo.thumbnailUrl}
        alt={label}
        loading="lazy"
        className="block max-h-64 w-auto max-w-full object-contain sm:max-h-72"
      />
    </a>
  );
}

/** A message's text, its web addresses as links that open in a new tab (rel="noopener nofollow"). */
function MessageText({ content }: { content: string }) {
  return (
    <>
      {messageParts(content).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener nofollow"
            className="underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
