import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationWithMessages, Message } from '@common/api/chat';
import { setServerTexts } from '@client/i18n/server';
import { realtime } from '@client/lib/socket';
import { conversationKey, flattenMessages, type ConversationPages } from '../api';
import { MessageList } from '../components/message-list';
import { createReadScheduler } from './use-read-receipts';
import { createAckTracker, SEND_ACK_TIMEOUT_MS, sendText } from './use-send-with-ack';
import { useConversationView } from './use-conversation-view';
import type { Timers } from './timers';
import { CONVERSATION, ME, PARTNER, message } from '@client/test-support/chat-fixtures';

/*
 * The chat dialog's logic, as its hooks hold it: sending with an acknowledgement (the socket's echo),
 * a failed send that puts the text back for the retry, and read receipts (marking read, and 'Seen').
 * The network is stubbed: the socket (realtime.send / isOpen) and fetch.
 */

/** A conversation of two, newest message last, in the shape the messages query caches. */
function pages(messages: Message[]): ConversationPages {
  const page = {
    id: CONVERSATION,
    participant1Id: ME,
    participant2Id: PARTNER,
    participant1: { id: ME, firstName: 'Me', lastName: null, profileImageUrl: null },
    participant2: { id: PARTNER, firstName: 'Bruno', lastName: null, profileImageUrl: null },
    members: [],
    ring: null,
    acceptsMessages: true,
    messages,
  } as unknown as ConversationWithMessages;
  return { pages: [page], pageParams: [null] };
}

/** Timers a test moves by hand. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    setTimeout: (run, ms) => {
      const id = next++;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void due.delete(id),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...due].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > now) continue;
      due.delete(id);
      timer.run();
    }
  };
  return { timers, advance, pending: () => due.size };
}

const fetchStub = vi.fn<typeof fetch>();
let socketOpen = true;
let socketTakes = true;
const socketSent: unknown[] = [];

beforeEach(() => {
  fetchStub.mockReset();
  vi.stubGlobal('fetch', fetchStub);
  socketSent.length = 0;
  socketOpen = true;
  socketTakes = true;
  vi.spyOn(realtime, 'isOpen').mockImplementation(() => socketOpen);
  vi.spyOn(realtime, 'send').mockImplementation((event) => {
    if (!socketTakes) return false;
    socketSent.push(event);
    return true;
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('sending with acknowledgement', () => {
  function setup(initial: Message[] = []) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(conversationKey(CONVERSATION), pages(initial));
    const ownCopies = (content: string) =>
      flattenMessages(queryClient.getQueryData<ConversationPages>(conversationKey(CONVERSATION))).filter(
        (entry) => entry.senderId === ME && entry.content === content,
      ).length;
    const restored: string[] = [];
    const restore = (content: string) => void restored.push(content);
    const clock = manualTimers();
    const tracker = createAckTracker({ ownCopies, restore, timers: clock.timers });
    const send = (content: string) =>
      sendText({ queryClient, conversationId: CONVERSATION, tracker, ownCopies, restore }, content);
    return { queryClient, tracker, send, restored, clock };
  }

  it('over the socket: the echo acknowledges the message, nothing comes back to the input', async () => {
    const { tracker, send, restored, clock } = setup();
    expect(await send('Hello')).toBe('socket');
    expect(socketSent).toEqual([
      {
        type: 'send_message',
        message: { conversationId: CONVERSATION, content: 'Hello', messageType: 'text' },
      },
    ]);
    expect(tracker.waiting).toBe(1);
    tracker.echoed('Hello');
    expect(tracker.waiting).toBe(0);
    clock.advance(SEND_ACK_TIMEOUT_MS * 2);
    expect(restored).toEqual([]);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('no echo in time: the text goes back into the input, to be sent again', async () => {
    const { tracker, send, restored, clock } = setup();
    await send('Are you there?');
    clock.advance(SEND_ACK_TIMEOUT_MS - 1);
    expect(restored).toEqual([]);
    clock.advance(1);
    expect(restored).toEqual(['Are you there?']);
    expect(tracker.waiting).toBe(0);
  });

  it("the server's error gives the oldest waiting message back; the retry goes through", async () => {
    const { tracker, send, restored } = setup();
    await send('first');
    await send('second');
    tracker.failed();
    expect(restored).toEqual(['first']);
    expect(tracker.waiting).toBe(1);
    // The member sends it again: this time its echo arrives.
    await send('first');
    tracker.echoed('first');
    tracker.echoed('second');
    expect(tracker.waiting).toBe(0);
    expect(restored).toEqual(['first']);
  });

  it('a reconnect brought the message back without its echo: it was delivered, nothing is restored', async () => {
    const { queryClient, send, restored, clock } = setup();
    await send('Still on for Saturday?');
    // The refetch after a reconnect holds the message.
    queryClient.setQueryData(
      conversationKey(CONVERSATION),
      pages([message('m1', ME, 'Still on for Saturday?')]),
    );
    clock.advance(SEND_ACK_TIMEOUT_MS);
    expect(restored).toEqual([]);
  });

  it('without the socket it goes over HTTP; a failed send puts the text back, and the retry is stored', async () => {
    socketTakes = false;
    const { queryClient, send, restored } = setup();
    fetchStub.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'internal', message: 'Something went wrong' }), { status: 500 }),
    );
    expect(await send('Deal!')).toBe('failed');
    expect(restored).toEqual(['Deal!']);
    const stored = message('m7', ME, 'Deal!');
    fetchStub.mockResolvedValueOnce(new Response(JSON.stringify(stored), { status: 201 }));
    expect(await send('Deal!')).toBe('http');
    expect(fetchStub).toHaveBeenCalledTimes(2);
    const [url, init] = fetchStub.mock.calls[1] ?? [];
    expect(url).toBe('/api/messages');
    expect(JSON.parse(String(init?.body))).toEqual({
      conversationId: CONVERSATION,
      content: 'Deal!',
      messageType: 'text',
    });
    expect(
      flattenMessages(queryClient.getQueryData(conversationKey(CONVERSATION))).map((entry) => entry.id),
    ).toEqual(['m7']);
    expect(restored).toEqual(['Deal!']);
  });
});

describe('read receipts', () => {
  /** A read scheduler on a manual clock, with a 300 ms debounce and a spy for its marks. */
  function readScheduler(isVisible: () => boolean) {
    const clock = manualTimers();
    const markRead = vi.fn();
    const scheduler = createReadScheduler({ markRead, isVisible, delayMs: 300, timers: clock.timers });
    return { clock, markRead, scheduler };
  }

  it('a burst of arrivals is marked read once, after the debounce', () => {
    const { clock, markRead, scheduler } = readScheduler(() => true);
    scheduler.request();
    clock.advance(100);
    scheduler.request();
    scheduler.request();
    clock.advance(299);
    expect(markRead).not.toHaveBeenCalled();
    clock.advance(1);
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it('nothing is marked read while the tab is hidden; it is when the tab comes back', () => {
    let visible = false;
    const { clock, markRead, scheduler } = readScheduler(() => visible);
    scheduler.request();
    clock.advance(1000);
    expect(markRead).not.toHaveBeenCalled();
    visible = true;
    scheduler.visible();
    clock.advance(300);
    expect(markRead).toHaveBeenCalledTimes(1);
    // Nothing more was wanted: coming back again marks nothing.
    scheduler.visible();
    clock.advance(300);
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it('closing the dialog drops a pending mark', () => {
    const { clock, markRead, scheduler } = readScheduler(() => true);
    scheduler.request();
    scheduler.dispose();
    clock.advance(1000);
    expect(markRead).not.toHaveBeenCalled();
  });

  function Thread() {
    const view = useConversationView(CONVERSATION, ME);
    return (
      <MessageList
        messages={view.messages}
        memberId={ME}
        otherName={view.otherName}
        seenMessageId={view.seenMessageId}
        hasEarlier={false}
        loadingEarlier={false}
        onLoadEarlier={() => undefined}
      />
    );
  }

  function renderThread(messages: Message[]) {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    queryClient.setQueryData(conversationKey(CONVERSATION), pages(messages));
    return renderToString(
      <QueryClientProvider client={queryClient}>
        <Thread />
      </QueryClientProvider>,
    );
  }

  it("'Seen' shows under the member's last message once the partner read it, and only then", () => {
    const folder = new URL('../../../../common/i18n/locales/en/', import.meta.url);
    const texts = Object.fromEntries(
      ['chat', 'common'].map((namespace) => [
        namespace,
        JSON.parse(readFileSync(new URL(`${namespace}.json`, folder), 'utf8')) as Record<string, unknown>,
      ]),
    );
    setServerTexts('en', texts);
    const unread = renderThread([message('m1', PARTNER, 'Hi'), message('m2', ME, 'Hello!', false)]);
    expect(unread).not.toContain('data-testid="text-seen"');
    const read = renderThread([message('m1', PARTNER, 'Hi'), message('m2', ME, 'Hello!', true)]);
    expect(read).toContain('data-testid="text-seen"');
    expect(read).toContain('Seen');
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
