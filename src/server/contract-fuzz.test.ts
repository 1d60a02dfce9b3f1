/**
 * Contract fuzzing: hostile input for every HTTP endpoint and every WebSocket event, generated from
 * the zod contract. The server must never answer 5xx, never leak internals, and keep running.
 * FUZZ_RUNS raises the number of cases per route for a long run (default 12).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemDrafts, items } from './db/schema';
import { TestSocket } from './test-support/sockets';
import { type TestClient, useTestApp } from './test-support/test-app';

const t = useTestApp({ resetBetweenTests: false });
const runs = Number(process.env.FUZZ_RUNS ?? 12);
const LEAKS =
  /node_modules|\bat [\w.<>]+ \(|stack|Failed query|syntax error at|relation "|duplicate key|\.ts:\d+/i;

/** Text the database cannot store: NUL bytes and lone surrogates, somewhere inside ordinary text. */
const unstorable = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);
/** Runs of full-text search operators, which PostgreSQL's tsquery parser chokes on. */
const tsqueryOperators = fc
  .tuple(
    fc.constantFrom('-', '!', '&', '|', '(', ')', ':', '*', '<->', '"', "'", ' ', '- ', 'or '),
    fc.integer({ min: 1, max: 120 }),
  )
  .map(([operator, count]) => operator.repeat(count));
/** 100 KB of text, plain or hostile. */
const huge = fc
  .constantFrom('x', 'é', '🧥', '-', '\u0000', '<->')
  .map((unit) => unit.repeat(Math.ceil(100_000 / unit.length)));

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  unstorable,
  tsqueryOperators,
  huge,
  fc.constantFrom(
    "'; drop table items; --",
    '" or 1=1 --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uD800',
    '-'.repeat(40),
    '&|!():*<->'.repeat(10),
    '🧥👟'.repeat(50),
    'x'.repeat(100_000),
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    '-1',
    '1e309',
    'NaN',
    '{}',
    '[]',
    'null',
    'true',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 30 }),
  fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 5 }),
  fc.anything({ maxDepth: 3 }),
);

/** The keys of an object schema, looking through pipes, preprocessors and optional wrappers. */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 4) return [];
  const candidate = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> };
  if (candidate.shape && typeof candidate.shape === 'object') return Object.keys(candidate.shape);
  const def = candidate.def ?? {};
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    const keys = keysOf(inner, depth + 1);
    if (keys.length) return keys;
  }
  return [];
}

function objectFor(keys: string[]) {
  return fc
    .record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] })
    .chain((base) =>
      fc
        .record({ extra: fc.option(hostileValue) })
        .map(({ extra }) => (extra === null ? base : { ...base, [`x${keys.length}`]: extra })),
    );
}

let member: TestClient;
let itemId = '';
/** A draft of `member`'s, so that the draft routes meet hostile input on a real draft too. */
let draftId = '';

beforeAll(async () => {
  await t.ready();
  member = await t.member();
  const other = await t.member();
  const [row] = await t.db
    .insert(items)
    .values({
      userId: other.user?.id ?? '',
      title: 'Fuzz target',
      description: 'd',
      category: 'clothing',
      gender: 'men',
      condition: 'good',
      estimatedValue: 100,
      images: ['/images/00000000-0000-4000-8000-000000000001'],
    })
    .returning({ id: items.id });
  itemId = row?.id ?? '';
  const [draft] = await t.db
    .insert(itemDrafts)
    .values({ userId: member.user?.id ?? '', fields: { title: 'Fuzz draft' } })
    .returning({ id: itemDrafts.id });
  draftId = draft?.id ?? '';
});

/** Any generated value as text, as a browser or a script might put it in a URL or a body. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[unserialisable]';
  }
}

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 bytes a hostile client could send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function expectSafe(status: number, body: string, label: string) {
  expect(status, `${label} -> ${status} ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(LEAKS.test(body), `${label} leaked: ${body.slice(0, 300)}`).toBe(false);
}

describe('contract fuzzing over HTTP', () => {
  it('covers every route', async () => {
    expect(t.app.routeTable.length).toBeGreaterThan(60);
  });

  it('never answers 5xx or leaks internals, whatever the params, query and body', async () => {
    const routes = t.app.routeTable.filter((route) => route.url !== '/ws');
    for (const route of routes) {
      const paramKeys = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
      const queryKeys = keysOf(route.schema?.querystring);
      const bodyKeys = keysOf(route.schema?.body);
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            params: fc.tuple(
              ...paramKeys.map(() =>
                fc.oneof(hostileString, fc.constant(itemId), fc.constant(draftId), fc.uuid()),
              ),
            ),
            query: objectFor(queryKeys),
            body: fc.oneof(objectFor(bodyKeys), hostileValue),
            signedIn: fc.boolean(),
          }),
          async ({ params, query, body, signedIn }) => {
            let url = route.url;
            paramKeys.forEach((key, index) => {
              url = url.replace(`:${key}`, encode(text(params[index])).slice(0, 2000) || 'x');
            });
            const search = new URLSearchParams();
            for (const [key, value] of Object.entries(query)) search.set(key, text(value).slice(0, 5000));
            const client = signedIn ? member : t.visitor();
            const response = await client.request({
              method: route.method as 'GET',
              url: `${url}${search.size ? `?${search}` : ''}`,
              ...(route.method === 'GET' || route.method === 'DELETE'
                ? {}
                : { payload: text(body ?? null), headers: { 'content-type': 'application/json' } }),
            });
            expectSafe(response.statusCode, response.body, `${route.method} ${url}`);
          },
        ),
        { numRuns: runs },
      );
    }
    expect((await t.visitor().get('/healthz')).statusCode).toBe(200);
    // Every route in one test: over a hundred of them, each with its argon2 checks and transactions.
  }, 180_000);

  it('answers broken JSON, wrong content types and oversize bodies with 4xx', async () => {
    const bodies: Array<[string, string | Buffer]> = [
      ['application/json', '{"title": '],
      ['application/json', '\u0000\u0001'],
      ['application/json', ''],
      ['text/plain', 'hello'],
      ['application/xml', '<a/>'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nbroken'],
      ['application/json', `{"title":"${'x'.repeat(2 * 1024 * 1024)}"}`],
    ];
    for (const route of t.app.routeTable.filter((r) => r.method === 'POST' || r.method === 'PATCH')) {
      for (const [type, payload] of bodies) {
        const response = await member.request({
          method: route.method as 'POST',
          url: route.url.replace(/:\w+/g, itemId),
          payload,
          headers: { 'content-type': type },
        });
        expectSafe(response.statusCode, response.body, `${route.method} ${route.url} (${type})`);
      }
    }
    // A fresh session: the fuzzing above may have signed `member` out, and a visitor gets 401 before
    // the body is read.
    const huge = await (
      await t.member()
    ).request({
      method: 'POST',
      url: '/api/items',
      payload: `{"title":"${'x'.repeat(2 * 1024 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('contract fuzzing over the WebSocket', () => {
  it('answers any frame with an event or silence, never crashing', async () => {
    const { baseUrl: base } = await t.listen();
    // The HTTP fuzzing may have signed `member` out (logout, password change, account deletion).
    const fresh = await t.member();
    const socket = await TestSocket.open(base, fresh.cookie);
    const frame = fc.oneof(
      hostileString,
      fc
        .record({
          type: fc.constantFrom('join_conversation', 'leave_conversation', 'send_message', 'typing', 'nope'),
          conversationId: fc.oneof(fc.uuid(), hostileString),
          isTyping: hostileValue,
          message: fc.oneof(
            hostileValue,
            objectFor(['conversationId', 'content', 'messageType', 'senderId']),
          ),
        })
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(frame, async (data) => {
        if (socket.ws.readyState !== socket.ws.OPEN) return;
        socket.send(data.slice(0, 15_000));
      }),
      { numRuns: Math.min(runs * 5, 25) },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const event of socket.events) expect(LEAKS.test(JSON.stringify(event))).toBe(false);
    socket.close();
    expect((await t.visitor().get('/healthz')).statusCode).toBe(200);
  });
});
