/**
 * One load-generator process of the sockets benchmark (bench/sockets.ts forks several): it holds a
 * share of the sockets, whole pairs of them, so that a message's sender and recipient sit in the same
 * process and its delivery is timed on one clock. Driven over the fork's IPC channel:
 *
 * - `open`: opens the given sockets (the session cookie authenticates each upgrade), each joins its
 *   conversation as an open chat does; answers `opened`.
 * - `run`: sends `rate` messages a second for `durationSec` seconds, each from one side of a pair
 *   drawn at random to the other, through the socket (`send_message`, the path the client uses), and
 *   times each until the recipient's socket gets its `new_message`; answers `ran` with the latencies.
 * - `close`: closes every socket; answers `closed`.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { ServerEvent } from '../src/common/realtime';
import { SESSION_COOKIE } from '../src/server/lib/session';

export interface SocketPlan {
  url: string;
  token: string;
  memberId: string;
  conversationId: string;
  /** Index of the pair within this process's share; each pair has an `a` and a `b` socket. */
  pair: number;
  side: 'a' | 'b';
}

export type ToClient =
  | { type: 'open'; sockets: SocketPlan[]; concurrency: number }
  | { type: 'run'; rate: number; durationSec: number }
  | { type: 'close' };

export type FromClient =
  | { type: 'opened'; opened: number; failed: number; firstError: string | null }
  | {
      type: 'ran';
      sent: number;
      latencies: number[];
      undelivered: number;
      errors: number;
      /** The first error events' texts, for diagnosis. */
      errorTexts: string[];
      lagMs: number;
      /** This process's event-loop delay during the run (perf_hooks), in ms. */
      loopP99Ms: number;
      loopMaxMs: number;
      /** Its stalls of 30 ms or more: [epoch ms when it began, length in ms]. */
      stalls: Array<[number, number]>;
      /** Messages that took over 50 ms: [epoch ms when sent, latency in ms]. */
      slow: Array<[number, number]>;
    }
  | { type: 'closed' };

const DELIVERY_TIMEOUT_MS = 5000;
const JOIN_TIMEOUT_MS = 30_000;

interface Side {
  ws: WebSocket;
  memberId: string;
  conversationId: string;
}

const pairs: Array<{ a?: Side; b?: Side }> = [];
const sockets: WebSocket[] = [];
const pending = new Map<string, { sentAt: number; recipientId: string }>();
let latencies: number[] = [];
let slow: Array<[number, number]> = [];
const SLOW_MS = 50;
const STALL_MS = 30;
let errors = 0;
let errorTexts: string[] = [];
let closing = false;

const reply = (message: FromClient) => process.send?.(message);

function onEvent(memberId: string, event: ServerEvent) {
  if (event.type === 'error') {
    errors += 1;
    if (errorTexts.length < 5) errorTexts.push(event.message);
    return;
  }
  if (event.type !== 'new_message') return;
  const entry = pending.get(event.message.content);
  if (!entry || entry.recipientId !== memberId) return;
  pending.delete(event.message.content);
  const latency = performance.now() - entry.sentAt;
  latencies.push(latency);
  if (latency > SLOW_MS) slow.push([Math.round(performance.timeOrigin + entry.sentAt), Math.round(latency)]);
}

/** Opens one socket and waits for its `joined`: the upgrade, the session check and the join. */
async function open(plan: SocketPlan) {
  const ws = new WebSocket(`${plan.url.replace(/^http/, 'ws')}/ws`, {
    headers: { origin: plan.url, cookie: `${SESSION_COOKIE}=${plan.token}` },
    // The server pings every 30 s; ws answers pings by itself.
  });
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no joined event within 30 s')), JOIN_TIMEOUT_MS);
    ws.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      reject(new Error(`upgrade refused: ${response.statusCode}`));
    });
    ws.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.once('open', () =>
      ws.send(JSON.stringify({ type: 'join_conversation', conversationId: plan.conversationId })),
    );
    ws.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      if (event.type === 'joined' && event.conversationId === plan.conversationId) {
        clearTimeout(timer);
        resolve();
      } else onEvent(plan.memberId, event);
    });
  });
  ws.on('error', () => {
    errors += 1;
  });
  ws.on('close', () => {
    if (!closing) errors += 1;
  });
  const pair = (pairs[plan.pair] ??= {});
  pair[plan.side] = { ws, memberId: plan.memberId, conversationId: plan.conversationId };
}

async function openAll(plans: SocketPlan[], concurrency: number) {
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, plans.length) }, async () => {
      while (next < plans.length) {
        const plan = plans[next++] as SocketPlan;
        try {
          await open(plan);
        } catch (error) {
          failed += 1;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  reply({ type: 'opened', opened: plans.length - failed, failed, firstError });
}

async function run(rate: number, durationSec: number) {
  latencies = [];
  slow = [];
  errors = 0;
  errorTexts = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const stalls: Array<[number, number]> = [];
  let lastBeat = performance.now();
  const beat = setInterval(() => {
    const now = performance.now();
    const late = now - lastBeat - 10;
    lastBeat = now;
    if (late >= STALL_MS) stalls.push([Math.round(Date.now() - late), Math.round(late)]);
  }, 10);
  const ready = pairs.filter((pair) => pair.a && pair.b) as Array<{ a: Side; b: Side }>;
  let sent = 0;
  let sequence = 0;
  /** How late the send ticks ran behind schedule at worst: this process's own event-loop lag. */
  let lagMs = 0;
  const total = Math.floor(durationSec * rate);
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      const due = Math.min(total, Math.floor((elapsed / 1000) * rate));
      if (due > sent) lagMs = Math.max(lagMs, elapsed - ((sent + 1) / rate) * 1000);
      while (sent < due && ready.length > 0) {
        const pair = ready[Math.floor(Math.random() * ready.length)] as { a: Side; b: Side };
        const [from, to] = Math.random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
        sequence += 1;
        const content = `bench ${process.pid} ${sequence}`;
        pending.set(content, { sentAt: performance.now(), recipientId: to.memberId });
        from.ws.send(
          JSON.stringify({ type: 'send_message', message: { conversationId: from.conversationId, content } }),
        );
        sent += 1;
      }
      if (sent >= total || ready.length === 0) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (pending.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(beat);
  loop.disable();
  const undelivered = pending.size;
  pending.clear();
  reply({
    type: 'ran',
    sent,
    latencies,
    undelivered,
    errors,
    errorTexts,
    lagMs,
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
    stalls,
    slow,
  });
}

async function closeAll() {
  closing = true;
  await Promise.all(
    sockets.map(
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
  reply({ type: 'closed' });
}

process.on('message', (message: ToClient) => {
  const work =
    message.type === 'open'
      ? openAll(message.sockets, message.concurrency)
      : message.type === 'run'
        ? run(message.rate, message.durationSec)
        : closeAll();
  work.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
// Without its parent it has nothing to do.
process.on('disconnect', () => process.exit(0));
