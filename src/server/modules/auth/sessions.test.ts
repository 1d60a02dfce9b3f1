import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { SESSION_ENDED_CLOSE } from '../realtime/gateway';
import { TestSocket } from '../../test-support/sockets';
import type { TestClient } from '../../test-support/test-app';
import { useTestApp } from '../../test-support/test-app';

// A heartbeat of a second: short enough for the expiry test, long enough that a busy machine (the
// test client shares this process's event loop) does not miss a pong and see its socket dropped (1006).
const t = useTestApp({ realtime: { heartbeatMs: 1000 } });
let baseUrl = '';

beforeAll(async () => {
  await t.ready();
  ({ baseUrl } = await t.listen());
});

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A member signed in twice, from two devices, through the login route. */
async function memberOnTwoDevices() {
  const first = await t.member({ password: 'secret-password' });
  const email = first.user?.email ?? '';
  const laptop = t.visitor();
  const phone = t.visitor();
  expect(
    (
      await laptop.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'secret-password' },
        headers: { 'user-agent': FIREFOX },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await phone.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'secret-password' },
        headers: { 'user-agent': SAFARI },
      })
    ).statusCode,
  ).toBe(200);
  laptop.user = first.user;
  phone.user = first.user;
  return { first, laptop, phone };
}

async function socketOf(client: TestClient) {
  const socket = await TestSocket.open(baseUrl, client.cookie);
  await socket.next('unread');
  return socket;
}

describe('the session list', () => {
  it('lists the member’s sessions with device, dates and the current one, never a token', async () => {
    const { laptop } = await memberOnTwoDevices();
    const response = await laptop.get('/api/auth/sessions');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(3);
    expect(list.filter((entry) => entry.current).map((entry) => entry.device)).toEqual([
      'Firefox on Windows',
    ]);
    expect(list.map((entry) => entry.device).sort()).toEqual([
      'Firefox on Windows',
      'Safari on iOS',
      'Unknown device',
    ]);
    for (const entry of list)
      expect(Object.keys(entry).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastSeenAt']);
    const body = response.body;
    const hashes = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    for (const { tokenHash } of hashes) expect(body).not.toContain(tokenHash);
    expect(body).not.toContain(laptop.cookie);
  });

  it('ends one session of mine by id; another member’s id is unknown', async () => {
    const { laptop, phone } = await memberOnTwoDevices();
    const stranger = await t.member();
    const phoneSession = (
      (await phone.get('/api/auth/sessions')).json() as Array<{ id: string; current: boolean }>
    ).find((entry) => entry.current);
    const strangerSession = ((await stranger.get('/api/auth/sessions')).json() as Array<{ id: string }>)[0];
    expect((await laptop.delete(`/api/auth/sessions/${strangerSession?.id}`)).statusCode).toBe(404);
    expect((await stranger.get('/api/auth/user')).statusCode).toBe(200);
    expect((await laptop.delete(`/api/auth/sessions/${phoneSession?.id}`)).statusCode).toBe(200);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/user')).statusCode).toBe(200);
    expect((await laptop.delete(`/api/auth/sessions/${phoneSession?.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['DELETE ?others=true', (client: TestClient) => client.delete('/api/auth/sessions?others=true')],
    ['POST end-others', (client: TestClient) => client.post('/api/auth/sessions/end-others')],
  ])('ends every session but the current one (%s)', async (_name, endOthers) => {
    const { first, laptop, phone } = await memberOnTwoDevices();
    const response = await endOthers(laptop);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect((await first.get('/api/auth/user')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a DELETE of the whole list without others=true', async () => {
    const { laptop } = await memberOnTwoDevices();
    expect((await laptop.delete('/api/auth/sessions')).statusCode).toBe(400);
    expect((await laptop.delete('/api/auth/sessions?others=false')).statusCode).toBe(400);
  });
});

describe('sockets follow their session', () => {
  const endings: Array<[string, (devices: Awaited<ReturnType<typeof memberOnTwoDevices>>) => Promise<void>]> =
    [
      [
        'logout',
        async ({ phone }) => {
          expect((await phone.post('/api/auth/logout')).statusCode).toBe(200);
        },
      ],
      [
        'a password change elsewhere',
        async ({ laptop }) => {
          const response = await laptop.post('/api/auth/password', {
            currentPassword: 'secret-password',
            newPassword: 'another-secret-password',
          });
          expect(response.statusCode).toBe(200);
        },
      ],
      [
        'account deletion',
        async ({ laptop }) => {
          const response = await laptop.request({
            method: 'DELETE',
            url: '/api/auth/account',
            payload: { password: 'secret-password' },
          });
          expect(response.statusCode).toBe(200);
        },
      ],
      [
        'ending it from the session list',
        async ({ laptop }) => {
          const list = (await laptop.get('/api/auth/sessions')).json() as Array<{
            id: string;
            device: string;
          }>;
          const phoneSession = list.find((entry) => entry.device === 'Safari on iOS');
          expect((await laptop.delete(`/api/auth/sessions/${phoneSession?.id}`)).statusCode).toBe(200);
        },
      ],
      [
        'signing out everywhere else',
        async ({ laptop }) => {
          expect((await laptop.post('/api/auth/sessions/end-others')).statusCode).toBe(200);
        },
      ],
    ];

  // No timing is asserted (the machine may be busy): the wait is only a ceiling so a socket left
  // open fails the test instead of hanging it.
  it.each(endings)('closes the socket on %s', async (_name, end) => {
    const devices = await memberOnTwoDevices();
    const socket = await socketOf(devices.phone);
    await end(devices);
    expect(await socket.closed(5000)).toBe(SESSION_ENDED_CLOSE);
  });

  it('keeps the sockets of the sessions that go on', async () => {
    const { laptop, phone } = await memberOnTwoDevices();
    const kept = await socketOf(laptop);
    const ended = await socketOf(phone);
    expect((await laptop.post('/api/auth/sessions/end-others')).statusCode).toBe(200);
    await ended.closed(1000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(kept.ws.readyState).toBe(kept.ws.OPEN);
    kept.close();
  });

  it('closes a socket whose session expired, at the next heartbeat', async () => {
    const member = await t.member();
    const socket = await socketOf(member);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, member.user?.id ?? ''));
    expect(await socket.closed(5000)).toBe(SESSION_ENDED_CLOSE);
  });
});
