import type { Message, TradeCard } from '@common/api/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@common/i18n/locales/en/chat.json';
import fr from '@common/i18n/locales/fr/chat.json';
import { i18n } from '@client/i18n';
import {
  countBadge,
  inboxPreview,
  messageParts,
  lastOwnMessage,
  messagePreview,
  messageTime,
  messageToSend,
  nameList,
  otherMembers,
  otherParticipant,
  ringThreadTitle,
  tradeEventLine,
} from './chat-format';

const member = (id: string, firstName: string) => ({ id, firstName, lastName: null, profileImageUrl: null });
const message = (id: string, senderId: string): Message => ({
  id,
  conversationId: 'c',
  senderId,
  content: id,
  messageType: 'text',
  photo: null,
  trade: null,
  createdAt: '2025-03-04T10:00:00.000Z',
  isRead: false,
});

/* The thread names and name lists come from the chat catalogue, in the language shown. */
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { chat: en }, fr: { chat: fr } },
    interpolation: { escapeValue: false },
  });
});

describe('chat formatting', () => {
  it('finds the other participant from either side', () => {
    const conversation = {
      participant1Id: 'a',
      participant1: member('a', 'Ann'),
      participant2: member('b', 'Ben'),
    };
    expect(otherParticipant(conversation, 'a')?.firstName).toBe('Ben');
    expect(otherParticipant(conversation, 'b')?.firstName).toBe('Ann');
  });

  it('names a swap ring thread by its size and lists the other members', () => {
    const conversation = { members: [member('c', 'Cy'), member('b', 'Ben'), member('a', 'Ann')] };
    expect(ringThreadTitle(conversation)).toBe('Swap ring · 3 members');
    expect(otherMembers(conversation, 'b').map((user) => user.firstName)).toEqual(['Ann', 'Cy']);
    expect(nameList(['Ann'])).toBe('Ann');
    expect(nameList(['Ann', 'Ben'])).toBe('Ann and Ben');
    expect(nameList(['Ann', 'Ben', 'Cy'])).toBe('Ann, Ben and Cy');
  });

  it('trims messages and refuses empty ones (docs/product.md, Chat)', () => {
    expect(messageToSend('  hello \n')).toBe('hello');
    expect(messageToSend(' \n\t ')).toBeNull();
    expect(messageToSend('line one\nline two')).toBe('line one\nline two');
  });

  it('previews the last message on one line, cut at a word', () => {
    expect(messagePreview('  Hi\n\nthere  ')).toBe('Hi there');
    const long =
      'Would you swap the denim jacket for my wool coat and maybe the scarf as well, or is that too much?';
    const preview = messagePreview(long, 40);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(41);
    expect(long.startsWith(preview.slice(0, -1))).toBe(true);
  });

  it('shows 99+ above 99', () => {
    expect(countBadge(7)).toBe('7');
    expect(countBadge(99)).toBe('99');
    expect(countBadge(100)).toBe('99+');
  });

  it('finds the member’s last message', () => {
    const list = [message('1', 'me'), message('2', 'me'), message('3', 'them')];
    expect(lastOwnMessage(list, 'me')?.id).toBe('2');
    expect(lastOwnMessage(list, 'nobody')).toBeUndefined();
  });

  it('shows the time today, the day this year, and the year before that', () => {
    const now = new Date(2025, 2, 4, 18, 0);
    expect(messageTime(new Date(2025, 2, 4, 15, 42).toISOString(), now)).toBe('3:42 PM');
    expect(messageTime(new Date(2025, 0, 9, 9, 5).toISOString(), now)).toBe('Jan 9, 9:05 AM');
    expect(messageTime(new Date(2024, 11, 31, 23, 0).toISOString(), now)).toBe('Dec 31, 2024, 11:00 PM');
    expect(messageTime('not a date', now)).toBe('');
  });
});

describe('chat formatting in French', () => {
  beforeAll(() => i18n.changeLanguage('fr'));
  afterAll(() => i18n.changeLanguage('en'));

  it('names a ring thread and lists names the French way', () => {
    const conversation = { members: [member('c', 'Cy'), member('b', 'Ben'), member('a', 'Ann')] };
    expect(ringThreadTitle(conversation)).toBe("Cercle d'échange · 3 membres");
    expect(nameList(['Ann', 'Ben'])).toBe('Ann et Ben');
    expect(nameList(['Ann', 'Ben', 'Cy'])).toBe('Ann, Ben et Cy');
  });

  it('shows times on the 24-hour clock with French month names', () => {
    const now = new Date(2025, 2, 4, 18, 0);
    expect(messageTime(new Date(2025, 2, 4, 15, 42).toISOString(), now)).toBe('15:42');
    expect(messageTime(new Date(2025, 0, 9, 9, 5).toISOString(), now)).toBe('9 janv., 9:05');
  });
});

describe('messageParts', () => {
  it('leaves text without addresses as one piece', () => {
    expect(messageParts('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
  });

  it('turns http(s) and www. addresses into links, keeping sentence punctuation as text', () => {
    expect(messageParts('See https://example.com/a?b=1, or www.shop.test.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'www.shop.test', href: 'https://www.shop.test' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes, and keeps markup as plain text', () => {
    expect(messageParts('javascript:alert(1) <b>hi</b> data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <b>hi</b> data:text/html,x' },
    ]);
  });

  it('a bare scheme is not a link', () => {
    expect(messageParts('https:// nothing')).toEqual([{ kind: 'text', text: 'https:// nothing' }]);
  });
});

const item = (id: string) => ({ id, title: id, imageUrl: null });
const card = (
  event: TradeCard['event'],
  actorId: string | null,
  extra: Partial<TradeCard> = {},
): TradeCard => ({
  tradeId: 't',
  event,
  actorId,
  requesterId: 'alice',
  offered: [item('o1'), item('o2')],
  requested: [item('r1')],
  ...extra,
});

describe('barter events on one line, from the reader’s side', () => {
  it('says who did what, and what the actor gives for what they get', () => {
    expect(tradeEventLine(card('requested', 'alice'), 'bruno', 'Alice')).toBe(
      'Alice sent a request · 2 items for 1',
    );
    expect(tradeEventLine(card('requested', 'alice'), 'alice', 'Alice')).toBe(
      'You sent a request · 2 items for 1',
    );
    // Bruno, the owner, gives his side (the requested item) for Alice's two.
    expect(tradeEventLine(card('countered', 'bruno'), 'alice', 'Bruno')).toBe(
      'Bruno countered · 1 item for 2',
    );
    expect(tradeEventLine(card('shipped', 'bruno', { carrier: 'dhl' }), 'alice', 'Bruno')).toBe(
      'Bruno shipped with DHL',
    );
    expect(tradeEventLine(card('shipped', 'alice', { carrier: 'other' }), 'alice', 'Alice')).toBe(
      'You shipped your item',
    );
    expect(tradeEventLine(card('accepted', 'bruno'), 'alice', 'Bruno')).toBe('Bruno accepted the swap');
    expect(tradeEventLine(card('completed', null), 'alice', null)).toBe('The swap is complete');
  });

  it('previews a barter event in the inbox as the reader would say it', () => {
    const last = {
      content: '',
      messageType: 'trade' as const,
      senderId: 'alice',
      tradeEvent: 'requested' as const,
    };
    expect(inboxPreview(last, 'bruno', 'Alice')).toBe('Alice sent you a barter request');
    expect(inboxPreview(last, 'alice', 'Bruno')).toBe('You sent Bruno a barter request');
    expect(inboxPreview({ ...last, tradeEvent: 'expired' }, 'bruno', 'Alice')).toBe('Barter request expired');
    const text = { content: 'See you', messageType: 'text' as const, senderId: 'alice' };
    expect(inboxPreview(text, 'alice', 'Bruno')).toBe('You: See you');
    expect(inboxPreview(text, 'bruno', 'Alice')).toBe('See you');
    expect(inboxPreview(text, 'bruno', null, 'Alice')).toBe('Alice: See you');
  });

  it('says it in French too', async () => {
    await i18n.changeLanguage('fr');
    try {
      const last = {
        content: '',
        messageType: 'trade' as const,
        senderId: 'alice',
        tradeEvent: 'requested' as const,
      };
      expect(inboxPreview(last, 'bruno', 'Alice')).toBe('Alice vous a envoyé une demande d’échange');
      expect(inboxPreview(last, 'alice', 'Bruno')).toBe('Vous avez envoyé une demande d’échange à Bruno');
      expect(tradeEventLine(card('requested', 'alice'), 'bruno', 'Alice')).toBe(
        'Alice a envoyé une demande · 2 articles contre 1',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
