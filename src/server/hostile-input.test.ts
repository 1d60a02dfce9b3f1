import { markTradeSent } from './test-support/builders';
/**
 * Hostile input and leaks: text the database cannot store, search text PostgreSQL cannot parse,
 * personal answers a cache could keep, and items a member must not reach by id.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, reports, reviews, tradeRequests, users } from './db/schema';
import { SESSION_COOKIE } from './lib/session';
import { listItem, multipart, requestTrade } from './test-support/fixtures';
import { acceptedRing } from './test-support/rings';
import { sendSlowly } from './test-support/slow-client';
import { MAX_SOCKETS_PER_MEMBER, TYPING_INTERVAL_MS } from './modules/realtime/gateway';
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
    const { baseUrl: base } = await t.listen();
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
    for (const search of ['red &&& dress', '"red" -red red', `${'red '.repeat(40)}dress`, 'red:* & !navy']) {
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

// ---- Uploads and slow clients: extreme images, malformed multipart, slow bodies ----
describe('hostile uploads and slow clients', () => {
  // A second app with short timeouts, so that a slow client is cut off within the test's patience.
  const quick = useTestApp({
    config: { httpTimeouts: { headersSeconds: 1, requestSeconds: 1, keepAliveSeconds: 72, idleSeconds: 2 } },
  });
  const uploadRoutes = [
    ['POST', '/api/images'],
    ['PUT', '/api/users/profile/photo'],
  ] as const;
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#2980b9' } })
      .png()
      .toBuffer();
  /** `image` with the size its PNG header claims changed, and the header's checksum made right. */
  const lyingPng = (image: Buffer, width: number, height: number) => {
    const copy = Buffer.from(image);
    copy.writeUInt32BE(width, 16);
    copy.writeUInt32BE(height, 20);
    copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
    return copy;
  };

  it('answers malformed multipart bodies with 4xx on every route that takes a body', async () => {
    const member = await t.member();
    const boundary = 'hostile';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies: Array<[string, string | Buffer]> = [
      ['multipart/form-data', `${part}x\r\n--${boundary}--\r\n`],
      ['multipart/form-data; boundary=', `${part}x\r\n--${boundary}--\r\n`],
      [`multipart/form-data; boundary=${boundary}`, `${part}x`],
      [`multipart/form-data; boundary=${boundary}`, part.slice(0, 50)],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\n\r\n\r\n--${boundary}--\r\n`],
      [`multipart/form-data; boundary=${boundary}`, `${part}a\r\n${part}b\r\n--${boundary}--\r\n`],
      [`multipart/form-data; boundary=${boundary}`, Buffer.alloc(1024, 0xff)],
    ];
    const routes = t.app.routeTable.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    for (const route of routes) {
      for (const [type, payload] of bodies) {
        const response = await member.request({
          method: route.method as 'POST',
          url: route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000'),
          payload,
          headers: { 'content-type': type },
        });
        expect(response.statusCode, `${route.method} ${route.url} (${type})`).toBeLessThan(500);
      }
    }
    // An upload route's body past 10 MB, declared or chunked, is refused as too large.
    for (const [method, url] of uploadRoutes) {
      for (const payload of [
        Buffer.alloc(11 * 1024 * 1024, 'a'),
        Readable.from([Buffer.alloc(11 * 1024 * 1024)]),
      ]) {
        const response = await (
          await t.member()
        ).request({
          method,
          url,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expect(response.statusCode, url).toBe(413);
      }
    }
  });

  it('refuses extreme and lying images with 4xx, never 5xx, and takes a 1 × 1 photo', async () => {
    const member = await t.member();
    const small = await png(64, 80);
    const hostile: Array<[string, Buffer]> = [
      ['1 × 200,000 strip', await png(1, 200_000)],
      ['200,000 × 1 strip', await png(200_000, 1)],
      ['300 × 8000 (27:1)', await png(300, 8000)],
      ['header claims 1 × 23,000,000', lyingPng(small, 1, 23_000_000)],
      ['header claims 4000 × 5000 over 64 × 80 pixels', lyingPng(small, 4000, 5000)],
      ['header claims 0 × 0', lyingPng(small, 0, 0)],
      ['header only', small.subarray(0, 33)],
      ['empty', Buffer.alloc(0)],
    ];
    for (const [method, url] of uploadRoutes) {
      for (const [name, image] of hostile) {
        const { payload, headers } = multipart(image);
        const response = await member.request({ method, url, payload, headers });
        expect([400, 413, 422], `${name}: ${url} answered ${response.statusCode}`).toContain(
          response.statusCode,
        );
        expect(response.json().message).toBeTruthy();
      }
      const { payload, headers } = multipart(await png(1, 1));
      expect((await member.request({ method, url, payload, headers })).statusCode, url).toBeLessThan(300);
    }
  });

  it('cuts off slow bodies and slow headers with 408, and keeps serving', async () => {
    const { port } = await quick.listen();
    const member = await quick.member();
    const { payload, headers } = multipart(await png(64, 80));
    const head = (method: string, url: string, type: string, length: number) =>
      [
        `${method} ${url} HTTP/1.1`,
        'host: 127.0.0.1',
        `content-type: ${type}`,
        `content-length: ${length}`,
        `cookie: ${SESSION_COOKIE}=${member.cookie}`,
        'connection: close',
        '',
        '',
      ].join('\r\n');
    const json = JSON.stringify({ title: 'x'.repeat(200) });
    const answers = await Promise.all([
      ...uploadRoutes.map(([method, url]) =>
        sendSlowly(port, head(method, url, headers['content-type'], payload.length), payload, 50),
      ),
      sendSlowly(port, head('POST', '/api/items', 'application/json', json.length), json, 50),
      sendSlowly(port, 'GET /api/items HTTP/1.1\r\n', `x-slow: ${'a'.repeat(200)}\r\n\r\n`, 50),
    ]);
    for (const { answer } of answers) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

/*
 * Replacement-pattern sequences, markup and line-break, control and
 * bidirectional characters in every text field members write. Nothing answers 5xx; a refusal
 * changes nothing; `$` sequences are stored and answered word for word; one-line fields refuse the
 * control and bidi characters, text of several lines may keep them.
 */
describe('replacement patterns, control and bidi characters in every text field', () => {
  const PATTERNS = ['$`', "$'", '$&', '$1', '$<n>', '$$', '</script><!--'];
  const CONTROLS = ['a\r\nb', 'a\tb', 'a\u0085b', 'a\u202eb', 'a\u2067b\u2069', 'a\u200bb', 'a\u0000b'];
  /** Everything at once, for a write that can be made once (a review, a cancellation). */
  const ALL_IN_ONE = "$` $' $& $1 $<n> $$ </script><!-- \u202e\u2066x\u2069 line\r\nnext\tend";
  const literal = (value: string) => JSON.stringify(value).slice(1, -1);

  interface Field {
    name: string;
    /** Refuses CONTROLS (a name, a title); else only the NUL byte is refused. */
    oneLine: boolean;
    send(value: string): Promise<{ statusCode: number; body: string }>;
    /** What the write changes, to compare before and after a refusal. */
    state(): Promise<string>;
    /** Undoes an accepted write where a limit would refuse the next one. */
    undo?(answer: { body: string }): Promise<unknown>;
    /** The field's length limit, below which the values are tried. */
    maxLength?: number;
  }

  async function expectSafe(field: Field, values: string[]) {
    for (const value of values.filter((tried) => tried.length <= (field.maxLength ?? Infinity))) {
      const before = await field.state();
      const answer = await field.send(value);
      const label = `${field.name} ${JSON.stringify(value)}: ${answer.body.slice(0, 160)}`;
      expect(answer.statusCode, label).toBeLessThan(500);
      if (answer.statusCode >= 400) expect(await field.state(), label).toBe(before);
      const refusable = value.includes('\u0000') || (field.oneLine && CONTROLS.includes(value));
      if (refusable) expect(answer.statusCode, label).toBe(400);
      else {
        expect(answer.statusCode, label).toBeLessThan(300);
        // Stored and answered word for word (some writes answer only `{ ok: true }`).
        expect(answer.body + (await field.state()), label).toContain(literal(value.trim()));
        await field.undo?.(answer);
      }
    }
  }

  const rows =
    (table: typeof users | typeof messages | typeof reports | typeof reviews | typeof tradeRequests) =>
    async () =>
      JSON.stringify(await t.db.select().from(table));

  it('profile, preferences, listings and drafts', { timeout: 120_000 }, async () => {
    const member = await t.member({ firstName: 'Ana' });
    const me = async () => (await member.get('/api/auth/user')).body;
    const item = await listItem(member, { title: 'Coat' });
    const draft = (await member.post('/api/drafts', { title: 'Draft' })).json().id as string;
    const fields: Field[] = [
      ...(['firstName', 'lastName', 'location'] as const).map((key) => ({
        name: `profile ${key}`,
        oneLine: true,
        send: (value: string) => member.patch('/api/users/profile', { firstName: 'Ana', [key]: value }),
        state: me,
      })),
      {
        name: 'bio',
        oneLine: false,
        send: (value) => member.patch('/api/users/preferences', { bio: value }),
        state: me,
      },
      {
        name: 'preferred size',
        oneLine: true,
        send: (value) => member.patch('/api/users/preferences', { preferredSizes: { Tops: [value] } }),
        state: me,
        maxLength: 10,
      },
      ...(['title', 'description', 'brand', 'size', 'location', 'tags'] as const).flatMap((key) => {
        const body = (value: string) => ({ [key]: key === 'tags' ? [value] : value });
        return [
          {
            name: `listing ${key}`,
            oneLine: key !== 'description',
            send: (value: string) => member.patch(`/api/items/${item.id}`, body(value)),
            state: async () => (await member.get(`/api/items/${item.id}`)).body,
          },
          {
            name: `draft ${key}`,
            oneLine: key !== 'description',
            send: (value: string) => member.put(`/api/drafts/${draft}`, body(value)),
            state: async () => (await member.get('/api/drafts')).body,
          },
        ];
      }),
    ];
    for (const field of fields) await expectSafe(field, [...PATTERNS, ...CONTROLS]);
  });

  // Each accepted registration hashes a password (slow on purpose).
  it('registration', { timeout: 120_000 }, async () => {
    const fields: Field[] = (['firstName', 'lastName'] as const).map((key) => ({
      name: `registration ${key}`,
      oneLine: true,
      send: (value: string) =>
        t.visitor().post('/api/auth/register', {
          firstName: 'Ana',
          email: `hostile-${randomUUID()}@example.com`,
          password: 'a-long-enough-passphrase',
          [key]: value,
        }),
      state: rows(users),
    }));
    for (const field of fields) await expectSafe(field, [...PATTERNS, ...CONTROLS]);
  });

  it(
    'wishlist entries, saved searches, swap rules, messages, reports and Browse queries',
    { timeout: 120_000 },
    async () => {
      const member = await t.member();
      const other = await t.member();
      const rule = (await member.post('/api/swap-rules', {})).json().id as string;
      const conversationId = (
        await member.post('/api/conversations/find-or-create', { otherUserId: other.user?.id })
      ).json().id as string;
      const fields: Field[] = [
        ...(['title', 'description', 'brand', 'size', 'tags'] as const).map((key) => ({
          name: `wishlist ${key}`,
          oneLine: key !== 'description',
          send: (value: string) =>
            member.post('/api/wishlist', {
              title: 'Boots',
              category: 'shoes',
              [key]: key === 'tags' ? [value] : value,
            }),
          state: async () => (await member.get('/api/wishlist')).body,
          undo: (answer: { body: string }) => member.delete(`/api/wishlist/${JSON.parse(answer.body).id}`),
        })),
        {
          name: 'saved-search name',
          oneLine: true,
          send: (value) => member.post('/api/saved-searches', { name: value, query: 'search=boots' }),
          state: async () => (await member.get('/api/saved-searches')).body,
          undo: (answer) => member.delete(`/api/saved-searches/${JSON.parse(answer.body).id}`),
        },
        ...(['sizes', 'brands'] as const).map((key) => ({
          name: `swap rule ${key}`,
          oneLine: true,
          send: (value: string) => member.patch(`/api/swap-rules/${rule}`, { [key]: [value] }),
          state: async () => (await member.get('/api/swap-rules')).body,
        })),
        {
          name: 'message',
          oneLine: false,
          send: (value) => member.post('/api/messages', { conversationId, content: `${value} ok` }),
          state: rows(messages),
        },
        {
          name: 'report details',
          oneLine: false,
          send: (value) =>
            member.post('/api/reports', {
              targetType: 'user',
              targetId: other.user?.id,
              reason: 'spam',
              details: value,
            }),
          state: rows(reports),
          undo: () => t.db.delete(reports),
        },
      ];
      for (const field of fields) await expectSafe(field, [...PATTERNS, ...CONTROLS]);
      // Query text: refused or answered, never a 5xx.
      for (const value of [...PATTERNS, ...CONTROLS, ALL_IN_ONE]) {
        const encoded = encodeURIComponent(value);
        for (const url of [
          `/api/items?search=${encoded}`,
          `/api/items?brand=${encoded}`,
          `/api/items?location=${encoded}`,
          `/api/items?tags=${encoded}`,
          `/api/items/facets?search=${encoded}`,
          `/api/items/value-estimate?category=clothing&brand=${encoded}`,
          `/browse?search=${encoded}`,
        ]) {
          const answer = await member.get(url);
          expect(answer.statusCode, `${url}: ${answer.body.slice(0, 160)}`).toBeLessThan(500);
        }
      }
    },
  );

  it(
    'trade messages, cancellation reasons, disputes, reviews and ring cancellations',
    { timeout: 120_000 },
    async () => {
      const once = (name: string, send: Field['send'], state: Field['state']): Field => ({
        name,
        oneLine: false,
        send,
        state,
      });
      const values = ['a\u0000b', ALL_IN_ONE];
      // A barter request's message.
      {
        const owner = await t.member();
        const requester = await t.member();
        const wanted = await listItem(owner);
        const offered = await listItem(requester);
        await expectSafe(
          once(
            'trade message',
            (value) =>
              requester.post('/api/trade-requests', {
                requestedItemId: wanted.id,
                offeredItemId: offered.id,
                message: value,
              }),
            rows(tradeRequests),
          ),
          values,
        );
      }
      // Why an accepted trade is cancelled; a dispute's description.
      for (const [name, path, body] of [
        ['trade cancellation', '', (value: string) => ({ status: 'cancelled', reason: value })],
        ['dispute', '/dispute', (value: string) => ({ reason: 'not_received', text: value })],
      ] as const) {
        const owner = await t.member();
        const { id } = await requestTrade(owner, await t.member(), { accept: true });
        const url = `/api/trade-requests/${id}${path}`;
        const send = (value: string) => (path ? owner.post(url, body(value)) : owner.patch(url, body(value)));
        await expectSafe(
          once(name, send, async () => (await owner.get('/api/trade-requests')).body),
          values,
        );
      }
      // A review's comment, after a completed trade.
      {
        const owner = await t.member();
        const requester = await t.member();
        const { id } = await requestTrade(owner, requester, { accept: true });
        await markTradeSent(t, id);
        await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
        await markTradeSent(t, id);
        await requester.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
        const review = (value: string) =>
          owner.post('/api/reviews', {
            tradeRequestId: id,
            rating: 5,
            communicationRating: 5,
            itemConditionAccurate: true,
            comment: value,
          });
        await expectSafe(once('review comment', review, rows(reviews)), values);
      }
      // Backing out of an accepted swap ring.
      {
        const { ana, ring } = await acceptedRing(t);
        await expectSafe(
          once(
            'ring cancellation',
            (value) => ana.patch(`/api/rings/${ring.id}`, { status: 'cancelled', reason: value }),
            async () => (await ana.get('/api/rings')).body,
          ),
          values,
        );
      }
    },
  );
});

// Ids in one spelling (canonical-ids.test.ts has the rule itself).
describe('ids in upper case', () => {
  it('answers no 5xx on any route taking an id, in a path or a body', async () => {
    const member = await t.member();
    const other = await t.member();
    const item = await listItem(other);
    const upper = (id: string | undefined) => (id ?? '').toUpperCase();
    const routes = t.app.routeTable.filter((route) => route.url.includes('/:'));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const url = route.url.replace(':userId', upper(other.user?.id)).replace(/:\w+/g, upper(item.id));
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const response = await member.request({
        method: route.method as 'GET',
        url,
        ...(withBody ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${route.method} ${url}`).toBeLessThan(500);
    }
    const bodies: Array<[string, object]> = [
      ['/api/blocks', { userId: upper(other.user?.id) }],
      ['/api/social/connect', { friendId: upper(other.user?.id) }],
      ['/api/reports', { targetType: 'item', targetId: upper(item.id), reason: 'spam' }],
      ['/api/favorites', { itemId: upper(item.id) }],
      [
        '/api/conversations/find-or-create',
        { otherUserId: upper(member.user?.id), relatedItemId: upper(item.id) },
      ],
      ['/api/trade-requests', { requestedItemId: upper(item.id), offeredItemId: upper(item.id) }],
      ['/api/messages', { conversationId: upper(item.id), content: 'hello' }],
    ];
    for (const [url, body] of bodies) {
      const response = await member.post(url, body);
      expect(response.statusCode, `POST ${url}`).toBeLessThan(500);
    }
  });
});

// ---- Socket floods ----
describe('a socket flood on one cookie', () => {
  it('opens at most the per-member number of sockets, drops a typing flood, and answers no 5xx', async () => {
    const { baseUrl: base } = await t.listen();
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
