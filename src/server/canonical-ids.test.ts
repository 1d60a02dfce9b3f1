/**
 * Ids have one spelling: the contract reads every id a client sends (path, query, body, socket
 * frame) into lower case, PostgreSQL's own spelling of a uuid and the session's. An upper-case
 * spelling of the member's own id is therefore still "yourself", and another member's id in upper
 * case names that member.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientEvent } from '../common/realtime';
import { blocks, conversations, friendships, reports } from './db/schema';
import { useTestApp } from './test-support/test-app';

const t = useTestApp();

const upper = (id: string | undefined) => (id ?? '').toUpperCase();

describe('your own id in upper case is still you', () => {
  it('refuses a conversation with yourself', async () => {
    const ana = await t.member();
    const response = await ana.post('/api/conversations/find-or-create', {
      otherUserId: upper(ana.user?.id),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot start a conversation with yourself');
    expect(await t.db.select().from(conversations)).toEqual([]);
  });

  it('refuses blocking yourself', async () => {
    const ana = await t.member();
    const response = await ana.post('/api/blocks', { userId: upper(ana.user?.id) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot block yourself');
    expect(await t.db.select().from(blocks)).toEqual([]);
  });

  it('refuses reporting yourself', async () => {
    const ana = await t.member();
    const response = await ana.post('/api/reports', {
      targetType: 'user',
      targetId: upper(ana.user?.id),
      reason: 'spam',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot report yourself');
    expect(await t.db.select().from(reports)).toEqual([]);
  });

  it('refuses a friend request to yourself', async () => {
    const ana = await t.member();
    const response = await ana.post('/api/social/connect', { friendId: upper(ana.user?.id) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot connect with yourself');
    expect(await t.db.select().from(friendships)).toEqual([]);
  });

  it('takes another member’s id in upper case as that member, in a body and in a path', async () => {
    const ana = await t.member();
    const ben = await t.member({ firstName: 'Ben' });
    expect((await ana.post('/api/blocks', { userId: upper(ben.user?.id) })).statusCode).toBe(201);
    expect((await ana.post('/api/blocks', { userId: ben.user?.id })).statusCode).toBe(201);
    expect(
      (await ana.get('/api/blocks')).json().map((entry: { user: { id: string } }) => entry.user.id),
    ).toEqual([ben.user?.id]);
    expect((await ana.delete(`/api/blocks/${upper(ben.user?.id)}`)).statusCode).toBe(204);
    expect(await t.db.select().from(blocks)).toEqual([]);
  });
});

describe('every id of the contract', () => {
  const mixed = '0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D';

  /**
   * The uuid fields of a route's params, query or body, however nested: through objects, arrays,
   * unions, pipes and the optional, nullable and default wrappers.
   */
  function uuidSchemas(schema: unknown, seen = new Set<unknown>()): z.ZodType[] {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return [];
    seen.add(schema);
    if (schema instanceof z.ZodStringFormat && schema.format === 'uuid') return [schema];
    const def = schema.def as unknown as Record<string, unknown>;
    const inner = [def.innerType, def.element, def.in, def.out, def.left, def.right, def.valueType];
    const shape = schema instanceof z.ZodObject ? Object.values(schema.shape) : [];
    const options = Array.isArray(def.options) ? def.options : [];
    return [...inner, ...shape, ...options].flatMap((child) => uuidSchemas(child, seen));
  }

  it('is read in lower case, on every HTTP route and in every socket frame', async () => {
    await t.ready();
    // Every path parameter is an id: none escapes the check below as plain text.
    // A town's id is its GeoNames number, not a uuid (towns come from the gazetteer, not from members).
    const numberIds = new Set(['/api/towns/:id']);
    for (const route of t.app.routeTable) {
      const params = route.schema?.params;
      if (numberIds.has(route.url)) continue;
      for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
        const field = params instanceof z.ZodObject ? params.shape[name ?? ''] : undefined;
        expect(uuidSchemas(field), `${route.method} ${route.url} :${name}`).toHaveLength(1);
      }
    }
    const fields = t.app.routeTable.flatMap((route) =>
      [route.schema?.params, route.schema?.querystring, route.schema?.body].flatMap((part) =>
        uuidSchemas(part).map((schema) => ({ where: `${route.method} ${route.url}`, schema })),
      ),
    );
    fields.push(...uuidSchemas(clientEvent).map((schema) => ({ where: 'WebSocket frame', schema })));
    // Path ids, body ids and id lists across the modules, and the socket's conversation ids.
    expect(fields.length).toBeGreaterThan(40);
    for (const { where, schema } of fields) expect(schema.parse(mixed), where).toBe(mixed.toLowerCase());
  });
});
