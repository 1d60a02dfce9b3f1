import type { Notification } from '@common/api/notifications';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@client/components/ui/popover';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import {
  invalidateNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadCount,
} from '../api';
import { CountBadge } from '@client/components/ui/count-badge';

/**
 * The member's notifications in the navigation bar (docs/product.md, Screens): the unread badge and a popover
 * with the first 10 notifications. There is no polling, so opening the popover refetches the
 * list and the count; clicking a notification marks it read and opens its link.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const unread = useUnreadCount().data?.count ?? 0;

  // The tooltip closes with the popover and stays closed while focus returns to the bell; it
  // shows again once the pointer or focus has left the bell and come back.
  const [tip, setTip] = useState(false);
  const tipHeld = useRef(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setTip(false);
    tipHeld.current = true;
    if (next) void invalidateNotifications(queryClient);
  };
  const onTipChange = (next: boolean) => {
    if (next && (open || tipHeld.current)) return;
    setTip(next);
  };
  const releaseTip = () => {
    tipHeld.current = false;
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <Tooltip open={tip && !open} onOpenChange={onTipChange}>
        <TooltipTrigger asChild onPointerLeave={releaseTip} onBlur={releaseTip}>
          <PopoverTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="relative"
              aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
              data-testid="button-notifications"
            >
              <Bell className="size-5" aria-hidden="true" />
              <CountBadge count={unread} className="-top-0.5 -right-0.5" testId="badge-unread-count" />
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>{t('bell.label')}</TooltipContent>
      </Tooltip>
      <PopoverContent
        align="end"
        collisionPadding={12}
        className="flex w-[min(24rem,calc(100vw-1.5rem))] flex-col p-0"
        aria-label={t('bell.label')}
        data-testid="popover-notifications"
      >
        <NotificationPanel open={open} unread={unread} onNavigate={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}

function NotificationPanel({
  open,
  unread,
  onNavigate,
}: {
  open: boolean;
  unread: number;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const [, navigate] = useLocation();
  const { data, isPending, isError } = useNotifications(open);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const hasUnread = unread > 0 || (data?.some((entry) => !entry.isRead) ?? false);

  const openNotification = (entry: Notification) => {
    if (!entry.isRead) markRead.mutate(entry.id);
    onNavigate();
    if (entry.link) navigate(entry.link);
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 className="font-semibold">{t('bell.heading')}</h2>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-primary hover:text-primary"
          disabled={!hasUnread || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
          data-testid="button-mark-all-read"
        >
          <CheckCheck aria-hidden="true" />
          {t('bell.markAll')}
        </Button>
      </div>

      {isPending ? (
        <div className="grid gap-3 p-4" role="status">
          <span className="sr-only">{t('bell.loading')}</span>
          {[0, 1, 2].map((index) => (
            <div key={index} className="grid gap-1.5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          ))}
        </div>
      ) : isError ? (
        <p className="px-4 py-8 text-center text-sm text-muted-foreground">{t('bell.loadError')}</p>
      ) : data.length === 0 ? (
        <div
          className="flex flex-col items-center gap-2 px-4 py-10 text-center"
          data-testid="text-no-notifications"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <BellOff className="size-5" aria-hidden="true" />
          </span>
          <p className="font-medium">{t('bell.empty')}</p>
          <p className="text-sm text-muted-foreground">{t('bell.emptyHint')}</p>
        </div>
      ) : (
        <ul className="max-h-[min(28rem,65dvh)] divide-y overflow-y-auto" aria-label={t('bell.listLabel')}>
          {data.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                onClick={() => openNotification(entry)}
                className={cn(
                  'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
                  !entry.isRead && 'bg-secondary/60 hover:bg-secondary',
                )}
                data-testid={`notification-${entry.id}`}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-1.5 size-2 shrink-0 rounded-full',
                    entry.isRead ? 'bg-transparent' : 'bg-primary',
                  )}
                />
                <span className="min-w-0 flex-1">
                  <span className={cn('block text-sm', entry.isRead ? 'font-medium' : 'font-semibold')}>
                    {entry.isRead ? null : <span className="sr-only">{t('bell.unread')}</span>}
                    {entry.title}
                  </span>
                  <span className="mt-0.5 line-clamp-2 block text-sm text-muted-foreground">
                    {entry.message}
                  </span>
                  <time dateTime={entry.createdAt} className="mt-1 block text-xs text-muted-foreground">
                    {format.relative(entry.createdAt)}
                  </time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
