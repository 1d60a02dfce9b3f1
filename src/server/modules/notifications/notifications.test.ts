import { describe, expect, it } from 'vitest';
import { listItem } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

async function withNotification() {
  const owner = await t.member();
  const requester = await t.member();
  const wanted = await listItem(owner);
  const offered = await listItem(requester);
  await requester.post('/api/trade-requests', { requestedItemId: wanted.id, offeredItemId: offered.id });
  const [note] = (await owner.get('/api/notifications')).json();
  return { owner, requester, note };
}

describe('notifications', () => {
  it('refuses a visitor on every call', async () => {
    const visitor = t.visitor();
    expect((await visitor.get('/api/notifications')).statusCode).toBe(401);
    expect((await visitor.get('/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await visitor.patch('/api/notifications/read-all')).statusCode).toBe(401);
    expect(
      (await visitor.patch('/api/notifications/00000000-0000-4000-8000-000000000000/read')).statusCode,
    ).toBe(401);
  });

  it('counts unread, marks one read, and only for its owner', async () => {
    const { owner, requester, note } = await withNotification();
    expect((await owner.get('/api/notifications/unread-count')).json()).toEqual({ count: 1 });
    expect((await requester.get('/api/notifications')).json()).toEqual([]);
    const foreign = await requester.patch(`/api/notifications/${note.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect((await owner.get('/api/notifications/unread-count')).json()).toEqual({ count: 1 });
    const read = await owner.patch(`/api/notifications/${note.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: note.id, isRead: true });
    expect((await owner.get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });
  });

  it('marks all read and lists newest first with a limit', async () => {
    const owner = await t.member();
    const wanted = await listItem(owner);
    for (let i = 0; i < 3; i++) {
      const requester = await t.member({ firstName: `R${i}` });
      const offered = await listItem(requester);
      await requester.post('/api/trade-requests', { requestedItemId: wanted.id, offeredItemId: offered.id });
    }
    const list = (await owner.get('/api/notifications')).json();
    expect(list.map((n: { message: string }) => n.message.slice(0, 2))).toEqual(['R2', 'R1', 'R0']);
    expect((await owner.get('/api/notifications?limit=2')).json()).toHaveLength(2);
    expect((await owner.get('/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await owner.patch('/api/notifications/read-all')).statusCode).toBe(200);
    expect((await owner.get('/api/notifications/unread-count')).json()).toEqual({ count: 0 });
  });

  it('answers a malformed id with 400', async () => {
    const owner = await t.member();
    expect((await owner.patch('/api/notifications/nope/read')).statusCode).toBe(400);
  });
});
