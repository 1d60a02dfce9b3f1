/**
 * The HTTP server's timeouts (docs/configuration.md): a client sending its headers or body slowly is
 * cut off, while ordinary requests, kept-alive connections and WebSockets are not.
 */
import { Agent, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { multipart, pngImage } from './test-support/fixtures';
import { sendSlowly } from './test-support/slow-client';
import { TestSocket } from './test-support/sockets';
import { useTestApp } from './test-support/test-app';
import { SESSION_COOKIE } from './lib/session';

// Short timeouts, so that the test need not wait long: headers and whole request within 1 s, a
// connection with no traffic at all closed after 2 s.
const t = useTestApp({
  config: { httpTimeouts: { headersSeconds: 1, requestSeconds: 1, keepAliveSeconds: 72, idleSeconds: 2 } },
});

async function listening() {
  return (await t.listen()).port;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow clients', () => {
  it('cuts off a request whose body arrives one byte at a time, with 408, before the body is complete', async () => {
    const port = await listening();
    const member = await t.member();
    const { payload, headers } = multipart(await pngImage());
    const head = [
      'POST /api/images HTTP/1.1',
      'host: 127.0.0.1',
      `content-type: ${headers['content-type']}`,
      `content-length: ${payload.length}`,
      `cookie: ${SESSION_COOKIE}=${member.cookie}`,
      'connection: close',
      '',
      '',
    ].join('\r\n');
    // 50 ms a byte: the whole body would take far longer than the 1 s the server allows.
    const { answer, sent } = await sendSlowly(port, head, payload, 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(payload.length);
  });

  it('cuts off a request whose headers arrive slowly, with 408', async () => {
    const port = await listening();
    const { answer, sent } = await sendSlowly(
      port,
      'GET /api/items HTTP/1.1\r\nhost: 127.0.0.1\r\n',
      `x-slow: ${'a'.repeat(200)}\r\nconnection: close\r\n\r\n`,
      50,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(200);
  });

  it('leaves ordinary requests alone, and counts each request on a kept-alive connection from its own start', async () => {
    const port = await listening();
    const member = await t.member();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = httpRequest(
          {
            port,
            host: '127.0.0.1',
            path: '/api/auth/user',
            agent,
            headers: { cookie: `${SESSION_COOKIE}=${member.cookie}` },
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      // Longer than the request timeout, shorter than keep-alive: the connection serves again.
      await wait(1500);
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
    const { payload, headers } = multipart(await pngImage());
    const upload = await fetch(`http://127.0.0.1:${port}/api/images`, {
      method: 'POST',
      body: payload,
      headers: { ...headers, cookie: `${SESSION_COOKIE}=${member.cookie}` },
    });
    expect(upload.status).toBe(201);
  });

  it('keeps a quiet WebSocket open past the request and idle timeouts', async () => {
    const port = await listening();
    const a = await t.member();
    const b = await t.member();
    const conversationId = (
      await a.post('/api/conversations/find-or-create', { otherUserId: b.user?.id })
    ).json().id as string;
    const socket = await TestSocket.open(`http://127.0.0.1:${port}`, a.cookie);
    try {
      // Nothing crosses the socket for longer than both timeouts and a check of them.
      await wait(3500);
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
      socket.send({ type: 'join_conversation', conversationId });
      await socket.next('joined');
      socket.send({ type: 'send_message', message: { conversationId, content: 'still here' } });
      expect((await socket.next('new_message')).message.content).toBe('still here');
    } finally {
      socket.close();
    }
  });
});
