import type { Conversation, Message } from '@common/api/chat';
import type { UserSummary } from '@common/api/users';

/** How many characters of the last message the conversation list shows. */
const PREVIEW_LENGTH = 80;

/** As docs/product.md (Chat) has it: the badge reads '99+' above 99. */
export function countBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The member on the other side of a conversation. */
export function otherParticipant(
  conversation: Pick<Conversation, 'participant1' | 'participant2' | 'participant1Id'>,
  memberId: string,
): UserSummary {
  return conversation.participant1Id === memberId ? conversation.participant2 : conversation.participant1;
}

/** The last message for the list: whitespace collapsed, cut at a word near `length` with '…'. */
export function messagePreview(content: string, length = PREVIEW_LENGTH): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** As docs/product.md (Chat) has it: messages are trimmed, and an empty one is not sent (null). */
export function messageToSend(draft: string): string | null {
  const content = draft.trim();
  return content ? content : null;
}

/** The member's last message in a list, or undefined. */
export function lastOwnMessage(messages: readonly Message[], memberId: string): Message | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const entry = messages[index];
    if (entry?.senderId === memberId) return entry;
  }
  return undefined;
}

const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DAY_TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const FULL_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A message's time: '3:42 PM' today, 'Mar 4, 3:42 PM' this year, else with the year. */
export function messageTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) return TIME_FORMAT.format(date);
  if (date.getFullYear() === now.getFullYear()) return DAY_TIME_FORMAT.format(date);
  return FULL_FORMAT.format(date);
}
