import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover, PopoverAnchor, PopoverTrigger } from '@client/components/ui/popover';
import { useMessageUnreadCount } from '../api';
import { CountBadge } from '@client/components/ui/count-badge';

/* The panel loads when first opened, outside the first bundle. */
const ConversationsPanel = lazy(() =>
  import('./conversations-panel').then((module) => ({ default: module.ConversationsPanel })),
);

/**
 * Where the button sits, and where the panel opens from on pages without the button. On phones
 * (below 640 px) the tab bar's Messages takes its place: the button is not shown there, so it
 * never covers the content or the bar.
 */
const CORNER =
  'fixed bottom-[max(1rem,env(safe-area-inset-bottom))] left-4 z-40 size-14 sm:bottom-6 sm:left-6';

/**
 * The floating messages button at the bottom left of the members' home page (docs/product.md, Chat), with the
 * member's unread message count, opening the floating conversations panel above it. On other
 * pages, where a floating button would cover the content, the panel (opened from the avatar
 * menu's 'Messages') opens from the same corner.
 */
export function FloatingMessages({
  ref,
  showButton,
  memberId,
  open,
  onOpenChange,
  onSelect,
}: {
  ref: Ref<HTMLButtonElement>;
  showButton: boolean;
  memberId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (conversationId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const unread = useMessageUnreadCount(showButton).data?.count ?? 0;

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      {showButton ? (
        <PopoverTrigger asChild>
          <button
            ref={ref}
            type="button"
            className={`${CORNER} hidden items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-1 ring-black/10 transition-colors hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none sm:flex`}
            aria-label={unread > 0 ? t('messagesUnread', { count: unread }) : t('messages')}
            data-testid="button-floating-messages"
          >
            <MessageCircle className="size-6" aria-hidden="true" />
            <CountBadge count={unread} className="-top-1 -right-1" testId="badge-messages-unread" />
          </button>
        </PopoverTrigger>
      ) : (
        <PopoverAnchor className={`pointer-events-none ${CORNER}`} aria-hidden="true" />
      )}
      {open ? (
        <Suspense fallback={null}>
          <ConversationsPanel memberId={memberId} onSelect={onSelect} />
        </Suspense>
      ) : null}
    </Popover>
  );
}
