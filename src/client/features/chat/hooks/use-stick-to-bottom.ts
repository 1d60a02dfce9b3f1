import type { Message } from '@common/api/chat';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Within this many pixels of the end the list counts as scrolled to the bottom. */
const BOTTOM_SLACK_PX = 80;

/**
 * The message list's scrolling: it opens at the newest message and stays there as messages arrive
 * (and as photos load or the keyboard resizes it) unless the member has scrolled up; then a new
 * message sets `newBelow` (the list offers to `jumpDown`). The member's own new message always
 * scrolls down. `loadEarlier` keeps the view where it was while older messages appear above.
 */
export function useStickToBottom({
  messages,
  memberId,
  seenMessageId,
  waiting,
  onLoadEarlier,
}: {
  messages: Message[];
  memberId: string;
  seenMessageId: string | null;
  waiting: readonly { clientId: string }[];
  onLoadEarlier: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ first?: string; last?: string }>({});
  const keepFromBottom = useRef<number | null>(null);
  const [newBelow, setNewBelow] = useState(false);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = messages[0]?.id;
    const lastMessage = messages.at(-1);
    const lastWaiting = waiting.at(-1);
    // A message typed offline counts as the newest one (the member's own) until it is sent.
    const last = lastWaiting
      ? { id: lastWaiting.clientId, senderId: memberId }
      : lastMessage && { id: lastMessage.id, senderId: lastMessage.senderId };
    const before = previous.current;
    previous.current = { first, last: last?.id };

    if (keepFromBottom.current !== null && first !== before.first) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      // The button is gone once everything is loaded: keep the keyboard in the conversation.
      if (document.activeElement === document.body) element.focus({ preventScroll: true });
      return;
    }
    const arrived = last !== undefined && last.id !== before.last;
    if (atBottom.current || (arrived && last.senderId === memberId)) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
      setNewBelow(false);
    } else if (arrived) {
      setNewBelow(true);
    }
  }, [messages, memberId, seenMessageId, waiting]);

  // Photos that load, a card that opens, the keyboard that shrinks the list, a reconnect's refetch:
  // whatever changes the size of the list or of its content keeps the newest message in view
  // while the member is at the bottom.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    if (atBottom.current) setNewBelow(false);
  };

  const loadEarlier = () => {
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    onLoadEarlier();
  };

  const jumpDown = () => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    setNewBelow(false);
  };

  return { scroller, content, newBelow, onScroll, loadEarlier, jumpDown };
}
