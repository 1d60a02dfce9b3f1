import { request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { listen } from '../test-support/listen';
import { waitForRunningHandlers } from './running-handlers';

/** A server whose one route takes `ms`, and a record of what happened when. */
async function slowServer(ms: number, graceMs: number) {
  const events: string[] = [];
  const app = Fastify();
  const handlers = waitForRunningHandlers(app, graceMs);
  app.get('/slow', async () => {
    events.push('handler started');
    await new Promise((resolve) => setTimeout(resolve, ms));
    events.push('handler finished');
    return { ok: true };
  });
  app.get('/sync', (_request, reply) => {
    reply.send({ ok: true });
  });
  const { port } = await listen(app);
  return { app, events, handlers, port };
}

/** Sends a GET and drops the connection after `ms`, as a client that went away. */
function abandon(port: number, path: string, ms: number) {
  const sent = request({ host: '127.0.0.1', port, path });
  sent.on('error', () => undefined);
  sent.end();
  return new Promise<void>((resolve) =>
    setTimeout(() => {
      sent.destroy();
      resolve();
    }, ms),
  );
}

describe('closing the app with handlers still running', () => {
  it('waits for a handler whose client went away before it closes', async () => {
    const { app, events, handlers, port } = await slowServer(300, 5000);
    await abandon(port, '/slow', 50);
    expect(handlers.running).toBe(1);
    await app.close();
    events.push('closed');
    // Without the wait, Fastify's close resolves at once (the connection is gone) and the
    // database would close under the running handler.
    expect(events).toEqual(['handler started', 'handler finished', 'closed']);
    expect(handlers.running).toBe(0);
  });

  it('waits no longer than its grace', async () => {
    const { app, events, port } = await slowServer(2000, 100);
    await abandon(port, '/slow', 50);
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(1500);
    expect(events).toEqual(['handler started']);
  });

  it('counts nothing for a handler that answered, async or not', async () => {
    const { app, handlers, port } = await slowServer(10, 5000);
    for (const path of ['/slow', '/sync']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(await response.json()).toEqual({ ok: true });
    }
    expect(handlers.running).toBe(0);
    await app.close();
  });
});
