import type { ClientEvent, ServerEvent, serverEvent } from '@common/realtime';
import { SESSION_ENDED_CLOSE } from '@common/realtime-close-codes';
import { useEffect, useRef } from 'react';
import { handleUnauthorized } from './unauthorized';

/** A close event's code, when it has one. */
function closeCode(event: unknown): number | undefined {
  return typeof event === 'object' && event !== null && 'code' in event && typeof event.code === 'number'
    ? event.code
    : undefined;
}

/**
 * The member's real-time channel (docs/product.md (Screens), docs/product.md (Screens)): one WebSocket per signed-in tab at /ws,
 * authenticated by the session cookie. It reconnects with capped, jittered exponential backoff,
 * re-joins the open conversation after a reconnect and tells subscribers, so that they can refetch
 * what they missed while it was down.
 *
 * Incoming frames are checked against the realtime schemas. The schema module (and zod) loads
 * alongside the first connection, outside the first bundle; frames wait for it in arrival order.
 */

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

type EventListener = (event: ServerEvent) => void;
type Callback = () => void;
type EventSchema = typeof serverEvent;

/** What the client needs of a WebSocket; the browser's, or a fake in tests. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;
export const RECONNECT_BASE_DELAY_MS = 1000;
export const RECONNECT_MAX_DELAY_MS = 30_000;

/**
 * Wait before reconnect attempt number `attempt` (0 for the first): the exponential step capped
 * at 30 s, of which a random half ("equal jitter"), so that tabs dropped together by a server
 * restart do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_BASE_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** ws: or wss: to match the page, on the page's own host (docs/product.md, Screens). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export interface RealtimeClientOptions {
  url?: () => string;
  createSocket?: (url: string) => SocketLike;
  loadSchema?: () => Promise<EventSchema>;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  random?: () => number;
}

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private status: SocketStatus = 'idle';
  private wanted = false;
  private attempt = 0;
  private timer: unknown = null;
  private everOpened = false;
  private conversationId: string | null = null;
  private schema: Promise<EventSchema> | null = null;
  private readonly listeners = new Set<EventListener>();
  private readonly reconnectListeners = new Set<Callback>();
  private readonly url: () => string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly loadSchema: () => Promise<EventSchema>;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly random: () => number;

  constructor(options: RealtimeClientOptions = {}) {
    this.url = options.url ?? (() => socketUrl(window.location));
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.loadSchema =
      options.loadSchema ?? (() => import('@common/realtime').then((module) => module.serverEvent));
    this.setTimer = options.setTimer ?? ((callback, ms) => window.setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => window.clearTimeout(timer as number));
    this.random = options.random ?? Math.random;
  }

  /** Connects (once) and keeps the connection up until stop(). */
  start(): void {
    this.wanted = true;
    if (!this.socket && this.timer === null) this.connect();
  }

  /** Closes the connection for good (sign-out); a later start() counts as a first connection. */
  stop(): void {
    this.wanted = false;
    this.cancelTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'Signed out');
    }
    this.attempt = 0;
    this.everOpened = false;
    this.conversationId = null;
    this.setStatus('idle');
  }

  /** Tries at once instead of waiting out the backoff (the browser is back online, the tab visible). */
  retryNow(): void {
    if (!this.wanted || this.socket) return;
    this.cancelTimer();
    this.connect();
  }

  getStatus(): SocketStatus {
    return this.status;
  }

  isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Sends an event if connected; false when it could not be sent (the caller falls back to HTTP). */
  send(event: ClientEvent): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(event));
    return true;
  }

  /** Joins a conversation now, and again after every reconnect, until leaveConversation. */
  joinConversation(conversationId: string): void {
    this.conversationId = conversationId;
    this.send({ type: 'join_conversation', conversationId });
  }

  leaveConversation(conversationId: string): void {
    if (this.conversationId !== conversationId) return;
    this.conversationId = null;
    this.send({ type: 'leave_conversation', conversationId });
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after a connection comes back: whatever was pushed meanwhile is lost, so refetch it. */
  onReconnect(listener: Callback): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  private connect(): void {
    this.timer = null;
    this.schema ??= this.loadSchema();
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url());
    } catch (error) {
      console.error('WebSocket could not be created', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;

    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus('open');
      if (this.conversationId) this.send({ type: 'join_conversation', conversationId: this.conversationId });
      if (this.everOpened) for (const listener of this.reconnectListeners) listener();
      this.everOpened = true;
    };
    socket.onmessage = ({ data }) => {
      if (typeof data === 'string') this.receive(data);
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting is handled there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('closed');
      // The session ended elsewhere: say so and sign in again here, rather than reconnect in vain.
      if (closeCode(event) === SESSION_ENDED_CLOSE) {
        handleUnauthorized();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private receive(data: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      console.error('Ignored a WebSocket frame that is not JSON');
      return;
    }
    const schema = this.schema ?? (this.schema = this.loadSchema());
    // Every frame waits on the same promise, so frames are handled in the order they arrived.
    schema.then(
      (serverEvent) => {
        const parsed = serverEvent.safeParse(frame);
        if (!parsed.success) {
          console.error('Ignored an unexpected WebSocket event', parsed.error.issues);
          return;
        }
        if (parsed.data.type === 'error') console.error('Real-time error:', parsed.data.message);
        for (const listener of this.listeners) {
          try {
            listener(parsed.data);
          } catch (error) {
            console.error('A real-time listener failed', error);
          }
        }
      },
      (error: unknown) => {
        // Try to load the schema again for the next frame (e.g. after a network blip).
        if (this.schema === schema) this.schema = null;
        console.error('Real-time schemas failed to load', error);
      },
    );
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.timer !== null) return;
    const delay = reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    this.timer = this.setTimer(() => this.connect(), delay);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    this.clearTimer(this.timer);
    this.timer = null;
  }

  private setStatus(status: SocketStatus): void {
    this.status = status;
  }
}

/** The tab's one connection. */
export const realtime = new RealtimeClient();

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => realtime.retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') realtime.retryNow();
  });
}

/** Calls `handler` for every server event while the component is mounted (always the latest handler). */
export function useRealtimeEvent(handler: (event: ServerEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.subscribe((event) => latest.current(event)), []);
}

/** Calls `handler` after each reconnect while the component is mounted. */
export function useRealtimeReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.onReconnect(() => latest.current()), []);
}
