import { serverEvent } from '@common/realtime';
import { describe, expect, it, vi } from 'vitest';
import {
  RECONNECT_BASE_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  RealtimeClient,
  reconnectDelay,
  socketUrl,
  type SocketLike,
} from './socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  const client = new RealtimeClient({
    url: () => 'ws://test/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    loadSchema: async () => serverEvent,
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
    random: () => 1,
  });
  const fire = () => {
    const timer = timers.find((entry) => !entry.cleared);
    if (!timer) throw new Error('no timer pending');
    timer.cleared = true;
    timer.callback();
    return timer.ms;
  };
  return { client, sockets, timers, fire };
}

const CONVERSATION = '8b0f0c36-4a8e-4f52-9a39-6f0f6d3c2a11';

describe('reconnect backoff', () => {
  it('doubles from 1 s, capped at 30 s, with up to half taken off at random', () => {
    expect(reconnectDelay(0, () => 1)).toBe(RECONNECT_BASE_DELAY_MS);
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_BASE_DELAY_MS / 2);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_DELAY_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_DELAY_MS / 2);
  });

  it('follows the page protocol', () => {
    expect(socketUrl({ protocol: 'https:', host: 'swap.example' })).toBe('wss://swap.example/ws');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5000' })).toBe('ws://localhost:5000/ws');
  });
});

describe('RealtimeClient', () => {
  it('reconnects with growing delays, re-joins the open conversation and reports the reconnect', () => {
    const { client, sockets, fire } = harness();
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.start();
    sockets[0]?.open();
    client.joinConversation(CONVERSATION);
    expect(sockets[0]?.sent).toEqual([{ type: 'join_conversation', conversationId: CONVERSATION }]);
    expect(reconnected).not.toHaveBeenCalled();

    sockets[0]?.drop();
    expect(client.getStatus()).toBe('closed');
    expect(fire()).toBe(1000);
    sockets[1]?.drop();
    expect(fire()).toBe(2000);
    sockets[2]?.drop();
    expect(fire()).toBe(4000);
    sockets[3]?.open();

    expect(client.getStatus()).toBe('open');
    expect(sockets[3]?.sent).toEqual([{ type: 'join_conversation', conversationId: CONVERSATION }]);
    expect(reconnected).toHaveBeenCalledTimes(1);

    // A successful connection starts the backoff over.
    sockets[3]?.drop();
    expect(fire()).toBe(1000);
  });

  it('does not re-join a conversation that was left', () => {
    const { client, sockets, fire } = harness();
    client.start();
    sockets[0]?.open();
    client.joinConversation(CONVERSATION);
    client.leaveConversation(CONVERSATION);
    sockets[0]?.drop();
    fire();
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([]);
  });

  it('refuses to send while disconnected, so callers can fall back to HTTP', () => {
    const { client, sockets } = harness();
    client.start();
    expect(client.send({ type: 'typing', conversationId: CONVERSATION, isTyping: true })).toBe(false);
    sockets[0]?.open();
    expect(client.send({ type: 'typing', conversationId: CONVERSATION, isTyping: true })).toBe(true);
  });

  it('stops for good on sign-out: closes and never reconnects', () => {
    const { client, sockets, timers } = harness();
    client.start();
    sockets[0]?.open();
    client.stop();
    expect(sockets[0]?.closed).toBe(true);
    expect(timers.filter((timer) => !timer.cleared)).toEqual([]);
    expect(client.getStatus()).toBe('idle');
  });

  it('hands valid events to subscribers in order and drops malformed ones', async () => {
    const { client, sockets } = harness();
    const events: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    client.subscribe((event) => events.push(event.type === 'unread' ? `unread ${event.count}` : event.type));
    client.start();
    sockets[0]?.open();
    sockets[0]?.receive({ type: 'unread', count: 3 });
    sockets[0]?.receive('not json');
    sockets[0]?.receive({ type: 'unknown' });
    sockets[0]?.receive({ type: 'typing', conversationId: CONVERSATION, userId: 'u', isTyping: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(['unread 3', 'typing']);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});
