import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../db/schema';
import { type Instance, useInstances } from '../test-support/instances';
import { TestClient, useTestApp } from '../test-support/test-app';
import { testDriver } from '../test-support/test-database';
import { SessionCache } from './session-cache';

const member = (id: string) => ({ id });
const kept = (id: string) => ({
  user: member(id),
  sessionId: `session-${id}`,
  lastSeenAt: new Date(),
  expiresAt: new Date(Date.now() + 60_000),
});

describe('SessionCache', () => {
  it('keeps sessions by token and forgets every token of a member', () => {
    const cache = new SessionCache<{ id: string }>({ ttlMs: 60_000 });
    cache.set('a1', kept('alice'), cache.epoch);
    cache.set('a2', kept('alice'), cache.epoch);
    cache.set('b1', kept('bob'), cache.epoch);
    cache.forgetMembers(['alice']);
    expect([cache.get('a1'), cache.get('a2')]).toEqual([undefined, undefined]);
    expect(cache.get('b1')?.user.id).toBe('bob');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep a lookup that an invalidation overtook', () => {
    const cache = new SessionCache<{ id: string }>({ ttlMs: 60_000 });
    const epoch = cache.epoch;
    // The member signed out while their lookup was on its way back from the database.
    cache.forgetMembers(['alice']);
    cache.set('a1', kept('alice'), epoch);
    expect(cache.get('a1')).toBeUndefined();
  });

  it('serves nothing past its TTL, and nothing at all with a TTL of 0', async () => {
    const cache = new SessionCache<{ id: string }>({ ttlMs: 20 });
    cache.set('a1', kept('alice'), cache.epoch);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.get('a1')).toBeUndefined();
    const off = new SessionCache<{ id: string }>({ ttlMs: 0 });
    off.set('a1', kept('alice'), off.epoch);
    expect(off.enabled).toBe(false);
    expect(off.get('a1')).toBeUndefined();
  });
});

describe('one instance: whatever ends a session or changes its member is seen by the next request', () => {
  // A TTL far longer than the test, so that only an invalidation can explain a fresh answer.
  const t = useTestApp({ config: { sessionCacheSeconds: 60 } });

  it('keeps the session of a signed-in read (PGlite; on PostgreSQL the single test app has no LISTEN bus)', async () => {
    const alice = await t.member({ firstName: 'Alice' });
    expect((await alice.get('/api/auth/user')).statusCode).toBe(200);
    expect(t.app.sessionCache.enabled).toBe(testDriver === 'pglite');
    if (testDriver === 'pglite') expect(t.app.sessionCache.size).toBe(1);
  });

  it('signs out at once', async () => {
    const alice = await t.member();
    const cookie = alice.cookie;
    expect((await alice.get('/api/auth/user')).statusCode).toBe(200);
    expect((await alice.post('/api/auth/logout')).statusCode).toBe(200);
    alice.cookie = cookie;
    expect((await alice.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('sees a change made behind the app’s back: a renamed member, a deleted session', async () => {
    const alice = await t.member({ firstName: 'Alice' });
    expect((await alice.get('/api/auth/user')).json().firstName).toBe('Alice');
    await t.db
      .update(users)
      .set({ firstName: 'Alicia' })
      .where(eq(users.id, alice.user?.id ?? ''));
    expect((await alice.get('/api/auth/user')).json().firstName).toBe('Alicia');
    await t.db.delete(sessions).where(eq(sessions.userId, alice.user?.id ?? ''));
    expect((await alice.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('ends an idle session even when it was kept', async () => {
    const alice = await t.member();
    expect((await alice.get('/api/auth/user')).statusCode).toBe(200);
    await t.db.execute(
      sql`update sessions set last_seen_at = now() - interval '15 days' where user_id = ${alice.user?.id}`,
    );
    expect((await alice.get('/api/auth/user')).statusCode).toBe(401);
  });
});

/** Two instances on one PostgreSQL: a member's requests may reach either. */
describe.skipIf(testDriver !== 'postgres')('two instances: the session cache of the other instance', () => {
  const instances = useInstances(2, { config: { sessionCacheSeconds: 60 } });

  async function register(instance: Instance, firstName: string) {
    const client = new TestClient(() => instance.app);
    const response = await client.post('/api/auth/register', {
      firstName,
      email: `${firstName.toLowerCase()}-${Date.now()}-${Math.random()}@example.com`,
      password: 'a long secret password 42',
    });
    expect(response.statusCode).toBe(201);
    client.user = response.json();
    return client;
  }
  /** The same browser (cookie) talking to the other instance. */
  function on(instance: Instance, client: TestClient) {
    const other = new TestClient(() => instance.app);
    other.cookie = client.cookie;
    other.user = client.user;
    return other;
  }
  /** The other instance hears the change over LISTEN within a moment; the 60 s TTL never explains it. */
  const soon = { timeout: 3000, interval: 20 };

  it('forgets a session signed out on the other instance', async () => {
    const [one, two] = instances as [Instance, Instance];
    const alice = await register(one, 'Alice');
    const aliceOnTwo = on(two, alice);
    expect((await aliceOnTwo.get('/api/auth/user')).statusCode).toBe(200);
    expect(two.app.sessionCache.size).toBeGreaterThan(0);
    expect((await alice.post('/api/auth/logout')).statusCode).toBe(200);
    await vi.waitFor(async () => {
      expect((await aliceOnTwo.get('/api/auth/user')).statusCode).toBe(401);
    }, soon);
  });

  it('forgets the other sessions on a password change, and a deleted account', async () => {
    const [one, two] = instances as [Instance, Instance];
    const bob = await register(one, 'Bob');
    const laptop = await new TestClient(() => two.app).post('/api/auth/login', {
      email: (bob.user as unknown as { email: string }).email,
      password: 'a long secret password 42',
    });
    expect(laptop.statusCode).toBe(200);
    const laptopOnTwo = new TestClient(() => two.app);
    laptopOnTwo.cookie = laptop.cookies.find((c) => c.name === 'ts_session')?.value;
    expect((await laptopOnTwo.get('/api/auth/user')).statusCode).toBe(200);
    expect(
      (
        await bob.post('/api/auth/password', {
          currentPassword: 'a long secret password 42',
          newPassword: 'another long secret password 43',
        })
      ).statusCode,
    ).toBe(200);
    await vi.waitFor(async () => {
      expect((await laptopOnTwo.get('/api/auth/user')).statusCode).toBe(401);
    }, soon);

    // Bob's own session goes on, and is kept by the other instance too, until he deletes his account.
    const bobOnTwo = on(two, bob);
    expect((await bobOnTwo.get('/api/auth/user')).statusCode).toBe(200);
    expect(
      (
        await bob.request({
          method: 'DELETE',
          url: '/api/auth/account',
          payload: { password: 'another long secret password 43' },
        })
      ).statusCode,
    ).toBe(200);
    await vi.waitFor(async () => {
      expect((await bobOnTwo.get('/api/auth/user')).statusCode).toBe(401);
    }, soon);
  });

  it('sees a member changed from the shell (a role granted by SQL) on every instance', async () => {
    const [one, two] = instances as [Instance, Instance];
    const carol = await register(one, 'Carol');
    const carolOnTwo = on(two, carol);
    expect((await carolOnTwo.get('/api/auth/user')).json().role ?? 'member').toBe('member');
    expect((await carolOnTwo.get('/api/moderation/reports')).statusCode).toBe(403);
    await one.database.db
      .update(users)
      .set({ role: 'moderator' })
      .where(eq(users.id, carol.user?.id ?? ''));
    await vi.waitFor(async () => {
      expect((await carolOnTwo.get('/api/moderation/reports')).statusCode).toBe(200);
    }, soon);
  });
});
