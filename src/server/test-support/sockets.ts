import WebSocket from 'ws';
import type { ServerEvent } from '../../common/realtime';
import { SESSION_COOKIE } from '../lib/session';

/** A WebSocket client that records what the server sends and can wait for a matching event. */
export class TestSocket {
  readonly events: ServerEvent[] = [];
  private waiters: Array<{ match: (event: ServerEvent) => boolean; resolve: (event: ServerEvent) => void }> =
    [];

  private closeCode: number | undefined;
  /** Pings received from the server. */
  pings = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('ping', () => {
      this.pings += 1;
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
    ws.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      this.events.push(event);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(event)) return true;
        waiter.resolve(event);
        return false;
      });
    });
  }

  /** `answerPings: false` leaves the server's pings unanswered, as a dead peer would. */
  static open(
    baseUrl: string,
    cookie?: string,
    origin?: string,
    { answerPings = true }: { answerPings?: boolean } = {},
  ): Promise<TestSocket> {
    const url = baseUrl.replace(/^http/, 'ws') + '/ws';
    const headers: Record<string, string> = { origin: origin ?? baseUrl };
    if (cookie) headers.cookie = `${SESSION_COOKIE}=${cookie}`;
    const ws = new WebSocket(url, { headers, autoPong: answerPings });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  send(event: unknown) {
    this.ws.send(typeof event === 'string' ? event : JSON.stringify(event));
  }

  /** The first event (already received or still to come) that matches. */
  next<T extends ServerEvent['type']>(
    type: T,
    match: (event: Extract<ServerEvent, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ) {
    const test = (event: ServerEvent): boolean =>
      event.type === type && match(event as Extract<ServerEvent, { type: T }>);
    const seen = this.events.find(test);
    if (seen) {
      this.events.splice(this.events.indexOf(seen), 1);
      return Promise.resolve(seen as Extract<ServerEvent, { type: T }>);
    }
    return new Promise<Extract<ServerEvent, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match: test,
        resolve: (event) => {
          clearTimeout(timer);
          this.events.splice(this.events.indexOf(event), 1);
          resolve(event as Extract<ServerEvent, { type: T }>);
        },
      });
    });
  }

  /** Resolves with the close code once the server (or this side) has closed the socket. */
  closed(timeoutMs = 5000): Promise<number> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve(this.closeCode ?? 1005);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs);
      this.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close() {
    this.ws.close();
  }
}
