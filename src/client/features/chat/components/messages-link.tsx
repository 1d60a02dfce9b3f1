import { MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { useMessageUnreadCount } from '../api';
import { countBadge } from '../chat-format';

/** The header's way to the inbox (/messages), on every page, with the unread-message total. */
export function MessagesLink() {
  const unread = useMessageUnreadCount(true).data?.count ?? 0;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild variant="ghost" size="icon" className="relative">
          <Link
            href="/messages"
            aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
            data-testid="link-messages"
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            {unread > 0 ? (
              <span
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-coral px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums ring-2 ring-background"
                data-testid="badge-messages-total"
              >
                {countBadge(unread)}
              </span>
            ) : null}
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>Messages</TooltipContent>
    </Tooltip>
  );
}
