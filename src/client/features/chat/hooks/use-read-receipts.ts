import { useEffect, useMemo } from 'react';
import { useMarkConversationRead } from '../api';
import { windowTimers, type Timers } from './timers';

/** Messages arriving in a burst are marked read with one call. */
export const READ_DEBOUNCE_MS = 300;

/**
 * When to mark a conversation read: `request()` asks for it (the dialog opened, the other member's
 * message arrived); requests within READ_DEBOUNCE_MS make one call, and only while the tab is
 * visible. A request made while hidden is kept: `visible()` (the tab came back) makes it then.
 */
export function createReadScheduler({
  markRead,
  isVisible,
  delayMs = READ_DEBOUNCE_MS,
  timers = windowTimers,
}: {
  markRead: () => void;
  isVisible: () => boolean;
  delayMs?: number;
  timers?: Timers;
}) {
  let timer = 0;
  let wanted = false;
  const request = () => {
    wanted = true;
    timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      if (!isVisible()) return;
      wanted = false;
      markRead();
    }, delayMs);
  };
  return {
    request,
    /** The tab became visible: a request kept while it was hidden goes now. */
    visible: () => {
      if (isVisible() && wanted) request();
    },
    dispose: () => timers.clearTimeout(timer),
  };
}

/**
 * Read receipts while the dialog is open: the conversation is marked read once loaded, and again
 * whenever `requestRead` is called (the other member's messages arrive), once the tab is visible.
 */
export function useReadReceipts(conversationId: string, open: boolean, loaded: boolean) {
  const { mutate: markRead } = useMarkConversationRead();
  const scheduler = useMemo(
    () =>
      createReadScheduler({
        markRead: () => markRead(conversationId),
        isVisible: () => document.visibilityState === 'visible',
      }),
    [conversationId, markRead],
  );
  useEffect(() => () => scheduler.dispose(), [scheduler]);
  useEffect(() => {
    if (open && loaded) scheduler.request();
  }, [open, loaded, scheduler]);
  useEffect(() => {
    if (!open) return;
    const onVisible = () => scheduler.visible();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [open, scheduler]);
  return scheduler.request;
}
