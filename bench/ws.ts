import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { ServerEvent } from '../src/common/realtime';
import { SESSION_COOKIE } from '../src/server/lib/session';
import type { Member, Pair } from './seed';

export interface WsRow {
  key: string;
  label: string;
  instances: number;
  sockets: number;
  /** Messages sent and delivered to their recipient's socket during the phase. */
  sent: number;
  delivered: number;
  messagesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Error events, refused or dropped sockets, and messages not delivered within 5 s. */
  errors: number;
  /** Milliseconds to open every socket (the upgrade authenticates each one). */
  connectMs: number;
  /** The app's resident memory with every socket open, in bytes (summed over instances). */
  appRssBytes: number;
}

export interface WsSettings {
  /** One URL, or two: pair members' sockets then sit on different instances. */
  urls: readonly string[];
  pairs: readonly Pair[];
  sockets: number;
  /** Messages a second in the fixed-rate phase. */
  rate: number;
  durationSec: number;
  appRss: () => number;
  log: (line: string) => void;
}

/** The server's limit is 10 frames a second per socket; the benchmark stays below it. */
const MAX_SENDS_PER_SOCKET_PER_SECOND = 8;
const DELIVERY_TIMEOUT_MS = 5000;
const OPEN_CONCURRENCY = 50;

export function percentile(sorted: readonly number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

interface Pending {
  sentAt: number;
  recipientId: string;
  done?: () => void;
}

interface Phase {
  latencies: number[];
  sent: number;
  errors: number;
}

class Harness {
  readonly sockets: WebSocket[] = [];
  readonly pending = new Map<string, Pending>();
  errors = 0;
  private closing = false;
  private phase: Phase = { latencies: [], sent: 0, errors: 0 };
  private sequence = 0;

  begin(): Phase {
    this.phase = { latencies: [], sent: 0, errors: 0 };
    return this.phase;
  }

  private onEvent(member: Member, event: ServerEvent) {
    if (event.type === 'error') {
      this.errors += 1;
      return;
    }
    if (event.type !== 'new_message') return;
    const pending = this.pending.get(event.message.content);
    if (!pending || pending.recipientId !== member.id) return;
    this.pending.delete(event.message.content);
    this.phase.latencies.push(performance.now() - pending.sentAt);
    pending.done?.();
  }

  async open(url: string, member: Member) {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, {
      headers: { origin: url, cookie: `${SESSION_COOKIE}=${member.token}` },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
      ws.once('error', reject);
    });
    ws.on('message', (data) => this.onEvent(member, JSON.parse(data.toString()) as ServerEvent));
    ws.on('error', () => {
      this.errors += 1;
    });
    ws.on('close', () => {
      if (!this.closing) this.errors += 1;
    });
    this.sockets.push(ws);
    return ws;
  }

  /** Sends a message from `ws` (of `from`) in `conversationId`, to be timed at `to`'s socket. */
  send(ws: WebSocket, conversationId: string, to: Member, done?: () => void) {
    this.sequence += 1;
    const content = `bench ${this.sequence} ${Date.now()}`;
    this.pending.set(content, { sentAt: performance.now(), recipientId: to.id, done });
    this.phase.sent += 1;
    ws.send(JSON.stringify({ type: 'send_message', message: { conversationId, content } }));
    return content;
  }

  /** Messages still undelivered after the timeout count as errors. */
  async drain(phase: Phase) {
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (this.pending.size > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    phase.errors += this.pending.size;
    this.pending.clear();
  }

  async closeAll() {
    this.closing = true;
    await Promise.all(
      this.sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.close();
            setTimeout(() => {
              ws.terminate();
              resolve();
            }, 3000).unref();
          }),
      ),
    );
  }
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
}

function joinConversation(ws: WebSocket, conversationId: string) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no joined event within 10 s')), 10_000);
    const onMessage = (data: WebSocket.RawData) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      if (event.type === 'joined' && event.conversationId === conversationId) {
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve();
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'join_conversation', conversationId }));
  });
}

function summarise(phase: Phase, seconds: number) {
  const sorted = [...phase.latencies].sort((x, y) => x - y);
  return {
    sent: phase.sent,
    delivered: sorted.length,
    messagesPerSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    errors: phase.errors,
  };
}

/**
 * Opens `sockets` WebSockets, two per pair (each side in its conversation, as with the chat open;
 * sockets beyond the pairs listen as second tabs of pair members), then measures delivery of
 * `new_message` from sender to recipient: at a fixed rate, then with every pair chatting as fast as
 * the per-socket limit allows (each side waits for its message to arrive before the other answers).
 */
export async function runWebSocketBench(settings: WsSettings): Promise<WsRow[]> {
  const { urls, pairs } = settings;
  const harness = new Harness();
  const instances = new Set(urls).size;
  const where = instances > 1 ? `${instances} instances` : 'one instance';
  const started = Date.now();
  const plan: Array<{ url: string; member: Member; pair: Pair; side: 'a' | 'b' }> = [];
  for (const pair of pairs) {
    plan.push({ url: urls[0] as string, member: pair.a, pair, side: 'a' });
    plan.push({ url: urls[1 % urls.length] as string, member: pair.b, pair, side: 'b' });
  }
  for (let extra = 0; plan.length < settings.sockets; extra += 1) {
    const pair = pairs[extra % pairs.length] as Pair;
    const side = extra % 2 === 0 ? 'a' : 'b';
    plan.push({ url: urls[(extra + 1) % urls.length] as string, member: pair[side], pair, side });
  }
  const primary = new Map<string, WebSocket>();
  await inParallel(plan, OPEN_CONCURRENCY, async (entry) => {
    const ws = await harness.open(entry.url, entry.member);
    const key = `${entry.pair.conversationId}:${entry.side}`;
    if (!primary.has(key)) primary.set(key, ws);
    await joinConversation(ws, entry.pair.conversationId);
  });
  const connectMs = Date.now() - started;
  const appRssBytes = settings.appRss();
  settings.log(`  ${plan.length} sockets open and joined on ${where} in ${(connectMs / 1000).toFixed(1)} s`);
  const socketOf = (pair: Pair, side: 'a' | 'b') =>
    primary.get(`${pair.conversationId}:${side}`) as WebSocket;
  const common = { instances, sockets: plan.length, connectMs, appRssBytes };
  const rows: WsRow[] = [];

  // Fixed rate: messages spread evenly over the pairs, alternating direction.
  const rate = Math.min(settings.rate, pairs.length * 2 * MAX_SENDS_PER_SOCKET_PER_SECOND);
  const direction = new Map<Pair, boolean>();
  let phase = harness.begin();
  let errorsBefore = harness.errors;
  const rateStart = performance.now();
  let turn = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - rateStart;
      const due = Math.min(Math.floor((elapsed / 1000) * rate), Math.floor(settings.durationSec * rate));
      while (phase.sent < due) {
        const pair = pairs[turn % pairs.length] as Pair;
        turn += 1;
        const fromA = !direction.get(pair);
        direction.set(pair, fromA);
        harness.send(socketOf(pair, fromA ? 'a' : 'b'), pair.conversationId, fromA ? pair.b : pair.a);
      }
      if (elapsed >= settings.durationSec * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  await harness.drain(phase);
  phase.errors += harness.errors - errorsBefore;
  rows.push({
    key: `ws-rate-${instances}`,
    label: `${where}: ${rate} messages/s spread over ${pairs.length} pairs`,
    ...common,
    ...summarise(phase, settings.durationSec),
  });
  settings.log(`  fixed rate: ${rows[rows.length - 1]?.delivered} delivered`);

  // Closed loop: every pair answers as soon as the last message arrived, within the socket limit.
  phase = harness.begin();
  errorsBefore = harness.errors;
  const minGapMs = 1000 / MAX_SENDS_PER_SOCKET_PER_SECOND / 2;
  const loopStart = performance.now();
  const deadline = loopStart + settings.durationSec * 1000;
  await Promise.all(
    pairs.map(async (pair) => {
      let fromA = true;
      while (performance.now() < deadline) {
        const sentAt = performance.now();
        await new Promise<void>((resolve) => {
          const content = harness.send(
            socketOf(pair, fromA ? 'a' : 'b'),
            pair.conversationId,
            fromA ? pair.b : pair.a,
            resolve,
          );
          setTimeout(() => {
            if (harness.pending.delete(content)) {
              phase.errors += 1;
              resolve();
            }
          }, DELIVERY_TIMEOUT_MS).unref();
        });
        fromA = !fromA;
        const wait = minGapMs - (performance.now() - sentAt);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }),
  );
  const loopSeconds = (performance.now() - loopStart) / 1000;
  phase.errors += harness.errors - errorsBefore;
  rows.push({
    key: `ws-loop-${instances}`,
    label: `${where}: every pair replying at once (closed loop, max ${pairs.length * 2 * MAX_SENDS_PER_SOCKET_PER_SECOND}/s by the socket limit)`,
    ...common,
    ...summarise(phase, loopSeconds),
  });
  settings.log(`  closed loop: ${rows[rows.length - 1]?.messagesPerSecond.toFixed(0)} messages/s`);
  await harness.closeAll();
  return rows;
}
