import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversationViewers } from '../../db/schema';
import { TestSocket } from '../../test-support/sockets';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { HEARTBEAT_SLICES, MAX_SOCKETS_PER_MEMBER } from './gateway';

// A short heartbeat, run in HEARTBEAT_SLICES slices like the real one: each socket still comes round
// once per interval. Long enough that a busy machine (the test client shares this process's event
// loop) does not miss a pong of a live socket.
const HEARTBEAT_MS = 900;
const t = useTestApp({ realtime: { heartbeatMs: HEARTBEAT_MS } });
let baseUrl = '';

beforeAll(async () => {
  await t.ready();
  ({ baseUrl } = await t.listen());
});

async function connect(client: TestClient, answerPings = true) {
  const socket = await TestSocket.open(baseUrl, client.cookie, undefined, { answerPings });
  await socket.next('unread');
  return socket;
}

const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
};

describe('the heartbeat, spread over its interval in slices', () => {
  it('pings every socket, more of them than there are slices', async () => {
    // Spread over members: each may hold MAX_SOCKETS_PER_MEMBER.
    const count = HEARTBEAT_SLICES + 5;
    const members = await Promise.all(
      Array.from({ length: Math.ceil(count / MAX_SOCKETS_PER_MEMBER) }, () => t.member()),
    );
    const sockets = await Promise.all(
      Array.from({ length: count }, (_, index) => connect(members[index % members.length] as TestClient)),
    );
    expect(await until(() => sockets.every((socket) => socket.pings >= 2), 40 * HEARTBEAT_MS)).toBe(true);
    expect(sockets.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
    for (const socket of sockets) socket.close();
  });

  it('still drops a socket that stops answering pings, and keeps one that answers', async () => {
    const member = await t.member();
    const live = await connect(member);
    const dead = await connect(member, false);
    // Terminated, not closed: no close frame, so the client sees 1006.
    expect(await dead.closed(20 * HEARTBEAT_MS)).toBe(1006);
    expect(dead.pings).toBeGreaterThanOrEqual(1);
    expect(live.ws.readyState).toBe(live.ws.OPEN);
    live.close();
  });

  it('refreshes the presence of a socket viewing a conversation', async () => {
    const member = await t.member();
    const other = await t.member();
    const conversationId = (
      await member.post('/api/conversations/find-or-create', { otherUserId: other.user?.id })
    ).json().id as string;
    const socket = await connect(member);
    socket.send({ type: 'join_conversation', conversationId });
    await socket.next('joined');
    const mine = eq(conversationViewers.userId, member.user?.id ?? '');
    await t.app.db
      .update(conversationViewers)
      .set({ seenAt: sql`now() - interval '1 minute'` })
      .where(mine);
    const seen = async () =>
      (await t.app.db.select().from(conversationViewers).where(mine))[0]?.seenAt.getTime() ?? 0;
    const deadline = Date.now() + 20 * HEARTBEAT_MS;
    while ((await seen()) < Date.now() - 30_000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await seen()).toBeGreaterThan(Date.now() - 30_000);
    socket.close();
  });
});
