import type { Conversation, Message, TradeCard } from '@common/api/chat';
import type { UserSummary } from '@common/api/users';
import { CARRIERS, type CarrierId } from '@common/domain/carriers';
import { displayName } from '@common/domain/display-name';
import { i18n, intlTag } from '@client/i18n';

/** How many characters of the last message the conversation list shows. */
const PREVIEW_LENGTH = 80;

/** The unread count as a badge shows it (one rule for every badge). */
export { countBadgeText as countBadge } from '@client/components/ui/count-badge';

/** The member on the other side of a conversation between two members; null in a ring's thread. */
export function otherParticipant(
  conversation: Pick<Conversation, 'participant1' | 'participant2' | 'participant1Id'>,
  memberId: string,
): UserSummary | null {
  return conversation.participant1Id === memberId ? conversation.participant2 : conversation.participant1;
}

/** Everyone in a conversation but the member, by name (the same order on every member's screen). */
export function otherMembers(conversation: Pick<Conversation, 'members'>, memberId: string): UserSummary[] {
  return conversation.members
    .filter((user) => user.id !== memberId)
    .sort((a, b) => displayName(a).localeCompare(displayName(b)));
}

/** A swap ring thread's name in the language shown: 'Swap ring · 3 members'. */
export function ringThreadTitle(conversation: Pick<Conversation, 'members'>): string {
  return i18n.t('chat:ringThread', { count: conversation.members.length });
}

/** Names in a sentence in the language shown: 'Ann', 'Ann and Ben', 'Ann, Ben and Cy' ('Ann, Ben et Cy'). */
export function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return i18n.t('chat:names.pair', {
    first: names.slice(0, -1).join(i18n.t('chat:names.separator')),
    last: names.at(-1),
  });
}

/** The name of each member of a conversation by id, for a group thread's messages. */
export function memberNames(conversation: Pick<Conversation, 'members'>): Map<string, string> {
  return new Map(conversation.members.map((user) => [user.id, displayName(user)]));
}

/** The last message for the list: whitespace collapsed, cut at a word near `length` with '…'. */
export function messagePreview(content: string, length = PREVIEW_LENGTH): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A message's one-line text for the conversation list and screen-reader announcements: its text,
 * or 'Photo', or what a barter request card says ('Barter request accepted').
 */
export function messageSummary(
  message: Pick<Message, 'content' | 'messageType'> & { tradeEvent?: TradeCard['event'] | null },
): string {
  if (message.messageType === 'trade' && message.tradeEvent)
    return i18n.t(`chat:cards.short.${message.tradeEvent}`);
  if (message.messageType === 'photo' && !message.content.trim()) return i18n.t('chat:photo.summary');
  return messagePreview(message.content);
}

/** Events that nobody does (the app does): worded the same for every reader. */
const SYSTEM_EVENTS: ReadonlySet<TradeCard['event']> = new Set(['completed', 'expired']);

/**
 * A barter event's one line in the conversation, from the reader's side: 'You sent a request · 2
 * items for 1', 'Bruno countered · 1 item for 2' (what the actor gives for what they get), 'Ana
 * shipped with DHL', 'The swap is complete'. `actorName` is the actor's name (null: nobody acted).
 */
export function tradeEventLine(card: TradeCard, memberId: string, actorName: string | null): string {
  const side = card.actorId === null ? 'system' : card.actorId === memberId ? 'own' : 'other';
  const carrier =
    card.event === 'shipped' && card.carrier && card.carrier !== 'other' && card.carrier in CARRIERS
      ? CARRIERS[card.carrier as CarrierId].name
      : null;
  const key = carrier ? 'shippedWith' : card.event;
  const line = i18n.t(`chat:cards.line.${side}.${key}`, { name: actorName ?? '', carrier });
  if (card.event !== 'requested' && card.event !== 'countered') return line;
  // The actor gives their own side: the requester the offered items, the owner the requested ones.
  const actorIsRequester =
    card.requesterId != null ? card.actorId === card.requesterId : card.event === 'requested';
  const give = actorIsRequester ? card.offered.length : card.requested.length;
  const get = actorIsRequester ? card.requested.length : card.offered.length;
  if (give === 0 || get === 0) return line;
  return i18n.t('chat:cards.deal', {
    line,
    give: i18n.t('chat:cards.items', { count: give }),
    count: get,
  });
}

/**
 * The inbox's one-line preview of a conversation's last message, from the reader's side: 'You: see
 * you soon', 'Photo', 'Alice sent you a barter request', 'You sent Alice a barter request', 'The
 * barter request expired'. `otherName` is the other member's (null in a ring's thread, where
 * `senderName` prefixes others' messages).
 */
export function inboxPreview(
  lastMessage: Pick<Message, 'content' | 'messageType' | 'senderId'> & {
    tradeEvent?: TradeCard['event'] | null;
  },
  memberId: string,
  otherName: string | null,
  senderName: string | null = null,
): string {
  const own = lastMessage.senderId === memberId;
  if (lastMessage.messageType === 'trade' && lastMessage.tradeEvent) {
    const event = lastMessage.tradeEvent;
    if (SYSTEM_EVENTS.has(event) || otherName === null) return i18n.t(`chat:cards.short.${event}`);
    return i18n.t(`chat:cards.preview.${own ? 'own' : 'other'}.${event}`, { name: otherName });
  }
  const prefix = own
    ? i18n.t('chat:list.you')
    : senderName !== null
      ? i18n.t('chat:list.sender', { name: senderName })
      : '';
  return `${prefix}${messageSummary(lastMessage)}`;
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

const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_TIME_OPTIONS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', ...TIME_OPTIONS };
const FULL_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', ...DAY_TIME_OPTIONS };

/** The three formatters of one language (BCP 47 tag), made once per language. */
const formatters = new Map<
  string,
  { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat; full: Intl.DateTimeFormat }
>();
function formattersFor(tag: string) {
  let entry = formatters.get(tag);
  if (!entry) {
    entry = {
      time: new Intl.DateTimeFormat(tag, TIME_OPTIONS),
      day: new Intl.DateTimeFormat(tag, DAY_TIME_OPTIONS),
      full: new Intl.DateTimeFormat(tag, FULL_OPTIONS),
    };
    formatters.set(tag, entry);
  }
  return entry;
}

/**
 * A message's time in the language shown (or `tag`): '3:42 PM' today, 'Mar 4, 3:42 PM' this
 * year, else with the year ('15:42', '4 mars, 15:42', '31 déc. 2024, 23:00' in French).
 */
export function messageTime(value: string, now: Date = new Date(), tag: string = intlTag()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const format = formattersFor(tag);
  if (date.toDateString() === now.toDateString()) return format.time.format(date);
  if (date.getFullYear() === now.getFullYear()) return format.day.format(date);
  return format.full.format(date);
}

/** A piece of a message: plain text, or a web address shown as a link. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/* http(s) addresses and www. ones, up to the next space or angle bracket. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/* Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?'")\]}]+$/;

/**
 * Splits a message into text and web addresses, so that the addresses render as links (as React
 * elements; the text is never parsed as HTML). Only http and https addresses become links; a
 * `www.` address gets https. Sentence punctuation after an address stays text.
 */
export function messageParts(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    const start = match.index;
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    if (url.length <= 'www.'.length || /^https?:\/\/$/i.test(url)) continue;
    const href = /^https?:\/\//i.test(url) ? url : `https://${url}`;
    if (!isWebAddress(href)) continue;
    if (start > last) parts.push({ kind: 'text', text: content.slice(last, start) });
    parts.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
}

function isWebAddress(href: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}
