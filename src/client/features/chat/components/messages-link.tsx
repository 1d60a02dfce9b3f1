import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { useMessageUnreadCount } from '../api';
import { CountBadge } from '@client/components/ui/count-badge';

/** The header's way to the inbox (/messages), on every page, with the unread-message total. */
export function MessagesLink() {
  const { t } = useTranslation('chat');
  const unread = useMessageUnreadCount(true).data?.count ?? 0;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild variant="ghost" size="icon" className="relative">
          <Link
            href="/messages"
            aria-label={unread > 0 ? t('messagesUnread', { count: unread }) : t('messages')}
            data-testid="link-messages"
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            <CountBadge count={unread} className="-top-0.5 -right-0.5" testId="badge-messages-total" />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{t('messages')}</TooltipContent>
    </Tooltip>
  );
}
