/**
 * Hostile input and leaks: text the database cannot store, search text PostgreSQL cannot parse,
 * personal answers a cache could keep, and items a member must not reach by id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_MEMBER, TYPING_INTERVAL_MS } from './modules/realtime/gateway';
import { listItem } from './test-support/fixtures';
import { TestSocket } from './test-support/sockets';
import { useTestApp } from './test-support/test-app';

const t = useTestApp();

describe('NUL bytes and lone surrogates', () => {
  it('answers 400 with a clear message for a NUL byte in a query string, a body or a path', async () => {
    const visitor = t.visitor();
    for (const url of ['/api/items?search=a%00b', '/api/items/facets?search=a%00b', '/api/items?brand=%00']) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/must not contain NUL bytes or invalid Unicode/);
    }
    const member = await t.member();
    const other = await t.member();
    const report = await member.post('/api/reports', {
      targetType: 'user',
      targetId: other.user?.id,
      reason: 'spam',
      details: 'a\u0000b',
    });
    expect(report.statusCode).toBe(400);
    expect(report.json().message).toBe(
      'Request body details must not contain NUL bytes or invalid Unicode characters',
    );
    expect((await member.get('/api/items/%00')).statusCode).toBe(400);
  });

  it('answers 400 for a lone surrogate in a JSON body, a query string and an object key', async () => {
    const member = await t.member();
    const other = await t.member();
    const lone = await member.request({
      method: 'POST',
      url: '/api/reports',
      payload: `{"targetType":"user","targetId":"${other.user?.id}","reason":"spam","details":"a\\ud800b"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(lone.statusCode).toBe(400);
    const key = await member.request({
      method: 'POST',
      url: '/api/reports',
      payload: '{"\\udc00":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(key.statusCode).toBe(400);
    expect((await t.visitor().get('/api/items?search=%ED%A0%80')).statusCode).toBeLessThan(500);
    // A whole emoji is a valid surrogate pair, not a lone one.
    expect((await t.visitor().get(`/api/items?search=${encodeURIComponent('🧥')}`)).statusCode).toBe(200);
  });

  it('answers a WebSocket event holding a NUL byte with an error event, and keeps the socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const a = await t.member();
    const b = await t.member();
    const conversationId = (
      await a.post('/api/conversations/find-or-create', { otherUserId: b.user?.id })
    ).json().id as string;
    const socket = await TestSocket.open(base, a.cookie);
    try {
      socket.send({ type: 'send_message', message: { conversationId, content: 'hi\u0000there' } });
      const error = await socket.next('error');
      expect(error.message).toMatch(/message\.content must not contain NUL bytes/);
      socket.send({ type: 'send_message', message: { conversationId, content: '\ud800' } });
      expect((await socket.next('error')).message).toMatch(/invalid Unicode/);
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    } finally {
      socket.close();
    }
  });
});

describe('discovery filters', () => {
  it('refuses hostile subcategory and list values with 400, in the list and the facets', async () => {
    const hostile = [
      'subcategory=%00',
      'subcategory=boots%00',
      'subcategory=%ED%A0%80',
      `subcategory=${'b'.repeat(100_000)}`,
      `subcategory=${encodeURIComponent("boots' or 1=1 --")}`,
      `subcategory=${encodeURIComponent('{"$ne":null}')}`,
      'subcategory[]=boots',
      `condition=${Array.from({ length: 120 }, () => 'good').join('&condition=')}`,
      'gender=women&gender=%00',
    ];
    for (const query of hostile) {
      for (const path of ['/api/items', '/api/items/facets']) {
        const response = await t.visitor().get(`${path}?${query}`);
        expect(response.statusCode, `${path}?${query.slice(0, 60)}`).toBe(400);
        expect(response.json().message).toBeTruthy();
      }
    }
  });

  it('treats colour words in hostile search text as text', async () => {
    for (const search of [
      'red &&& dress',
      '"red" -red red',
      `${'red '.repeat(40)}dress`,
      'red:* & !navy',
    ]) {
      const list = await t.visitor().get(`/api/items?search=${encodeURIComponent(search)}`);
      expect(list.statusCode, search.slice(0, 40)).toBe(200);
      const facets = await t.visitor().get(`/api/items/facets?search=${encodeURIComponent(search)}`);
      expect(facets.statusCode, search.slice(0, 40)).toBe(200);
    }
  });
});

describe('search text', () => {
  it('builds a valid query from runs of dashes and tsquery operators, in the list and the facets', async () => {
    const member = await t.member();
    await listItem(member, { title: 'Denim jacket' });
    const hostile = [
      '-'.repeat(40),
      '- '.repeat(60),
      `a ${'-'.repeat(40)}b`,
      '&|!():*<->'.repeat(20),
      '!'.repeat(80),
      '"-"'.repeat(40),
      `${'('.repeat(50)}denim${')'.repeat(50)}`,
      '-denim -'.repeat(10),
    ];
    for (const search of hostile) {
      const query = `search=${encodeURIComponent(search)}`;
      const list = await t.visitor().get(`/api/items?${query}`);
      expect(list.statusCode, `list: ${search}`).toBe(200);
      const facets = await t.visitor().get(`/api/items/facets?${query}`);
      expect(facets.statusCode, `facets: ${search}`).toBe(200);
    }
    const found = (await t.visitor().get('/api/items?search=denim -sweater')).json();
    expect(found.map((item: { title: string }) => item.title)).toEqual(['Denim jacket']);
  });
});

describe('unsubscribe links', () => {
  it('answer 400 for a NUL byte, a lone surrogate, a 100 KB token or SQL in the token, changing nothing', async () => {
    const member = await t.member();
    const id = member.user?.id ?? '';
    for (const token of [
      `${id}.digest.${'a'.repeat(42)}%00`,
      `${id}.digest.%ED%A0%80`,
      'x'.repeat(100_000),
      `${id}.digest' or '1'='1`,
      `${id}.__proto__.${'a'.repeat(43)}`,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t
          .visitor()
          .request({ method, url: `/api/notifications/unsubscribe?token=${token}` });
        expect(response.statusCode, `${method} ${token.slice(0, 80)}`).toBe(400);
      }
    }
    expect((await member.get('/api/notifications/preferences')).json()).toMatchObject({ digest: true });
  });
});

describe('Cache-Control', () => {
  it('marks every personal answer no-store', async () => {
    const member = await t.member();
    for (const url of [
      '/api/auth/user',
      '/api/auth/status',
      '/api/trade-requests',
      '/api/conversations',
      '/api/notifications',
      '/api/notifications/preferences',
      '/api/wishlist',
      '/api/blocks',
    ]) {
      const response = await member.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.visitor().get('/api/auth/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves the caching of public files to their routes', async () => {
    const member = await t.member();
    const item = await listItem(member);
    const photo = (await member.get(`/api/items/${item.id}`)).json().images[0] as string;
    expect((await t.visitor().get(photo)).headers['cache-control']).toMatch(/^public/);
  });
});

describe('items out of the marketplace', () => {
  let owner: Awaited<ReturnType<typeof t.member>>;
  beforeAll(async () => {
    await t.ready();
  });

  it('shows an unlisted item by id to its owner only', async () => {
    owner = await t.member();
    const stranger = await t.member();
    const item = await listItem(owner);
    expect((await owner.patch(`/api/items/${item.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await owner.get(`/api/items/${item.id}`)).statusCode).toBe(200);
    expect((await stranger.get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await t.visitor().get(`/api/items/${item.id}`)).statusCode).toBe(404);
    expect((await owner.patch(`/api/items/${item.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await stranger.get(`/api/items/${item.id}`)).statusCode).toBe(200);
  });

  it('refuses a conversation about a deleted or someone else’s unlisted item', async () => {
    owner = await t.member();
    const stranger = await t.member();
    const deleted = await listItem(owner);
    expect((await owner.delete(`/api/items/${deleted.id}`)).statusCode).toBeLessThan(300);
    const about = (relatedItemId: string) =>
      stranger.post('/api/conversations/find-or-create', { otherUserId: owner.user?.id, relatedItemId });
    const refused = await about(deleted.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Item not found');
    const unlisted = await listItem(owner);
    await owner.patch(`/api/items/${unlisted.id}`, { isActive: false });
    expect((await about(unlisted.id)).statusCode).toBe(404);
    const listed = await listItem(owner);
    expect((await about(listed.id)).statusCode).toBe(201);
  });
});

// ---- Socket floods (security audit, issue 31, finding 12) ----
describe('a socket flood on one cookie', () => {
  it('opens at most the per-member number of sockets, drops a typing flood, and answers no 5xx', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const attacker = await t.member();
    const victim = await t.member();
    const conversationId = (
      await attacker.post('/api/conversations/find-or-create', { otherUserId: victim.user?.id })
    ).json().id as string;
    const victimSocket = await TestSocket.open(base, victim.cookie);
    const attempts = await Promise.allSettled(
      Array.from({ length: 200 }, () => TestSocket.open(base, attacker.cookie)),
    );
    const sockets = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    try {
      // Every refusal is a 429 at the upgrade (or a close right after a raced one), never a 5xx.
      for (const attempt of attempts)
        if (attempt.status === 'rejected') expect(String(attempt.reason)).toContain('upgrade refused: 429');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const open = sockets.filter((socket) => socket.ws.readyState === socket.ws.OPEN);
      expect(open).toHaveLength(MAX_SOCKETS_PER_MEMBER);
      for (const socket of open) {
        socket.send({ type: 'join_conversation', conversationId });
        await socket.next('joined');
      }
      // About 3 s of every socket typing as fast as its own frame limit allows.
      const started = Date.now();
      for (let round = 0; round < 10; round++) {
        for (const socket of open)
          for (let frame = 0; frame < 3; frame++)
            socket.send({ type: 'typing', conversationId, isTyping: (round + frame) % 2 === 0 });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      await new Promise((resolve) => setTimeout(resolve, TYPING_INTERVAL_MS + 300));
      const delivered = victimSocket.events.filter((event) => event.type === 'typing');
      expect(delivered.length).toBeGreaterThanOrEqual(1);
      expect(delivered.length).toBeLessThanOrEqual(
        Math.ceil((Date.now() - started) / TYPING_INTERVAL_MS) + 1,
      );
      for (const socket of open)
        expect(socket.events.filter((event) => event.type === 'error').map((event) => event.message)).toEqual(
          [],
        );
      expect((await t.visitor().get('/healthz')).statusCode).toBe(200);
      expect((await victim.get('/api/conversations')).statusCode).toBe(200);
    } finally {
      victimSocket.close();
      for (const socket of sockets) socket.close();
    }
  });
});
