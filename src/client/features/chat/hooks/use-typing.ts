import { TYPING_STOP_DELAY_MS } from '@common/realtime';
import { useEffect, useMemo, useRef, useState } from 'react';
import { realtime, useRealtimeEvent } from '@client/lib/socket';

/** While the member keeps typing, 'typing on' is sent again this often (a throttle, not per key). */
const TYPING_REFRESH_MS = 3000;
/**
 * The other member's indicator hides after this long without news, in case their stop signal
 * was lost (their tab closed, a dropped connection). Longer than the refresh, so it never flickers.
 */
const TYPING_EXPIRE_MS = 2 * TYPING_REFRESH_MS;

/**
 * The member's own typing signal (docs/product.md, Chat): a key press sends 'typing on' (at most once per
 * TYPING_REFRESH_MS), and 'typing off' follows TYPING_STOP_DELAY_MS (2000 ms) after the last one,
 * or at once when the message is sent or the chat closes.
 */
export function useOwnTyping(conversationId: string) {
  const state = useRef({ on: false, sentAt: 0, timer: 0 });

  const typing = useMemo(() => {
    const stop = () => {
      const current = state.current;
      window.clearTimeout(current.timer);
      if (!current.on) return;
      current.on = false;
      realtime.send({ type: 'typing', conversationId, isTyping: false });
    };
    const keyPressed = () => {
      const current = state.current;
      const now = Date.now();
      if (!current.on || now - current.sentAt >= TYPING_REFRESH_MS) {
        if (realtime.send({ type: 'typing', conversationId, isTyping: true })) {
          current.on = true;
          current.sentAt = now;
        }
      }
      window.clearTimeout(current.timer);
      current.timer = window.setTimeout(stop, TYPING_STOP_DELAY_MS);
    };
    return { keyPressed, stop };
  }, [conversationId]);

  useEffect(() => typing.stop, [typing]);
  return typing;
}

/** Who else is typing in this conversation (their id, or null), from their 'typing' events. */
export function useOtherTyping(conversationId: string, memberId: string, active: boolean): string | null {
  const [typing, setTyping] = useState<string | null>(null);
  const timer = useRef(0);

  useRealtimeEvent((event) => {
    if (!active) return;
    const fromOther =
      (event.type === 'typing' && event.conversationId === conversationId && event.userId !== memberId) ||
      (event.type === 'new_message' &&
        event.message.conversationId === conversationId &&
        event.message.senderId !== memberId);
    if (!fromOther) return;
    const isTyping = event.type === 'typing' && event.isTyping;
    window.clearTimeout(timer.current);
    setTyping(isTyping ? event.userId : null);
    if (isTyping) timer.current = window.setTimeout(() => setTyping(null), TYPING_EXPIRE_MS);
  });

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return active ? typing : null;
}
