// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationWithMessages, Message } from '@common/api/chat';
import type { ServerEvent } from '@common/realtime';
import { setServerTexts, takeMissingTexts } from '@client/i18n/server';
import { queryClient } from '@client/lib/query-client';
import { realtime } from '@client/lib/socket';
import { catalogue } from '@client/test-support/catalogue';
import { conversationKey, type ConversationPages } from '../api';
import { ChatDialog } from './chat-dialog';
import { CONVERSATION, ME, PARTNER, message } from '@client/test-support/chat-fixtures';

/*
 * The chat dialog in a DOM (happy-dom), used as a member uses it: type in the box named after the
 * partner, press Enter or the Send button, and see the message, its 'Waiting to send' while it is
 * on its way, and the text back in the box when it could not go (sending it again is the retry).
 * The network is stubbed: the socket (realtime.isOpen / send / subscribe, to play the server's
 * events) and fetch. chat-dialog-hooks.test.tsx checks the same logic hook by hook.
 */

const CONVERSATION_URL = `/api/conversations/${CONVERSATION}`;

/** A message already read (the dialog's own reads are not under test here). */
const messageRead = (id: string, senderId: string, content: string) => message(id, senderId, content, true);

function conversation(messages: Message[]): ConversationWithMessages {
  return {
    id: CONVERSATION,
    participant1Id: ME,
    participant2Id: PARTNER,
    participant1: { id: ME, firstName: 'Me', lastName: null, profileImageUrl: null },
    participant2: { id: PARTNER, firstName: 'Bruno', lastName: null, profileImageUrl: null },
    members: [],
    ring: null,
    acceptsMessages: true,
    hasMore: false,
    messages,
  } as unknown as ConversationWithMessages;
}

function pages(messages: Message[]): ConversationPages {
  return { pages: [conversation(messages)], pageParams: [null] };
}

interface Request {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
}

/** The requests the dialog made, and how the stubbed server answers them (by default: 204). */
let requests: Request[] = [];
let answer: (request: Request) => Response | Promise<Response>;
const fetchStub = vi.fn<typeof fetch>((input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  const request = { method: init?.method ?? 'GET', url, body };
  requests.push(request);
  return Promise.resolve(answer(request));
});
const posted = () =>
  requests.filter((request) => request.method === 'POST' && request.url === '/api/messages');

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The socket: whether it is open, what went over it, and a way to play the server's events. */
let socketOpen = false;
let socketSent: unknown[] = [];
const socketListeners = new Set<(event: ServerEvent) => void>();
function serverSends(event: ServerEvent) {
  act(() => {
    for (const listener of socketListeners) listener(event);
  });
}
const sentMessages = () => socketSent.filter((event) => (event as { type: string }).type === 'send_message');

function openDialog(messages: Message[] | null = [messageRead('m1', PARTNER, 'Is the jacket still there?')]) {
  if (messages) queryClient.setQueryData(conversationKey(CONVERSATION), pages(messages));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router>
        <ChatDialog
          conversationId={CONVERSATION}
          memberId={ME}
          open
          onOpenChange={() => undefined}
          onCloseAutoFocus={() => undefined}
        />
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, user: userEvent.setup() };
}

/** The message box, found by its label as a screen reader names it. */
const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message Bruno' });

beforeEach(() => {
  requests = [];
  answer = () => new Response(null, { status: 204 });
  fetchStub.mockClear();
  // Restored after each test (vitest.config.ts: unstubGlobals).
  vi.stubGlobal('fetch', fetchStub);
  socketOpen = false;
  socketSent = [];
  socketListeners.clear();
  vi.spyOn(realtime, 'isOpen').mockImplementation(() => socketOpen);
  vi.spyOn(realtime, 'send').mockImplementation((event) => {
    if (!socketOpen) return false;
    socketSent.push(event);
    return true;
  });
  vi.spyOn(realtime, 'subscribe').mockImplementation((listener) => {
    socketListeners.add(listener);
    return () => socketListeners.delete(listener);
  });
  // A send that fails is logged (docs/product.md, Chat); the tests look at the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  setServerTexts('en', catalogue('en'));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  expect(takeMissingTexts()).toEqual([]);
});

describe('ChatDialog in a DOM: sending over the socket', () => {
  beforeEach(() => {
    socketOpen = true;
  });

  it('Enter sends the message over the socket and empties the box; Shift+Enter only starts a line', async () => {
    const { user } = openDialog();
    expect(screen.getByText('Is the jacket still there?')).toBeTruthy();
    await user.type(box(), 'Yes!{Shift>}{Enter}{/Shift}Come by');
    expect(sentMessages()).toEqual([]);
    expect(box().value).toBe('Yes!\nCome by');

    await user.keyboard('{Enter}');
    expect(sentMessages()).toEqual([
      {
        type: 'send_message',
        message: { conversationId: CONVERSATION, content: 'Yes!\nCome by', messageType: 'text' },
      },
    ]);
    expect(box().value).toBe('');
    // Its echo confirms it: nothing comes back to the box.
    serverSends({ type: 'new_message', message: messageRead('m2', ME, 'Yes!\nCome by') });
    expect(box().value).toBe('');
    expect(posted()).toEqual([]);
  });

  it("the server's error puts the text back in the box; sending it again is the retry", async () => {
    const { user } = openDialog();
    await user.type(box(), 'Saturday at ten?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(box().value).toBe('');

    serverSends({ type: 'error', message: 'Could not send the message' });
    expect(box().value).toBe('Saturday at ten?');

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(sentMessages()).toHaveLength(2);
    expect(box().value).toBe('');
  });
});

describe('ChatDialog in a DOM: sending over HTTP', () => {
  it("without the socket the message shows at once as 'Waiting to send', then as sent", async () => {
    let store: (response: Response) => void = () => undefined;
    answer = (request) =>
      request.url === '/api/messages' ? new Promise<Response>((resolve) => (store = resolve)) : json({});
    const { user } = openDialog();

    await user.type(box(), 'Deal!{Enter}');
    expect(box().value).toBe('');
    expect(screen.getByText('Deal!')).toBeTruthy();
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.body).toEqual({
      conversationId: CONVERSATION,
      content: 'Deal!',
      messageType: 'text',
      clientId: expect.any(String) as string,
    });

    await act(async () => store(json(messageRead('m2', ME, 'Deal!'), 201)));
    await waitFor(() => expect(screen.queryByText('Waiting to send')).toBeNull());
    expect(screen.getAllByText('Deal!')).toHaveLength(1);
  });

  it('a message the server refuses leaves the list and comes back to the box', async () => {
    answer = (request) =>
      request.url === '/api/messages'
        ? json({ code: 'forbidden', message: 'This conversation is closed' }, 403)
        : json({});
    const { user } = openDialog();

    await user.type(box(), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(box().value).toBe('Hello?'));
    expect(screen.queryByText('Waiting to send')).toBeNull();
    expect(posted()).toHaveLength(1);
  });
});

describe('ChatDialog in a DOM: loading', () => {
  it("a conversation that did not load says so, and 'Try again' loads it", async () => {
    let fail = true;
    answer = (request) =>
      request.url === CONVERSATION_URL
        ? fail
          ? json({ message: 'Something went wrong' }, 500)
          : json(conversation([messageRead('m1', PARTNER, 'Is the jacket still there?')]))
        : json({});
    const { user } = openDialog(null);

    expect(await screen.findByText('Messages are unavailable right now.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Is the jacket still there?')).toBeTruthy();
    expect(requests.filter((request) => request.url === CONVERSATION_URL)).toHaveLength(2);
  });
});
