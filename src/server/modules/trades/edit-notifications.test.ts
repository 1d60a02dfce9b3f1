/**
 * Notification flooding through edits (found by a security review): 200 edits of an item
 * in a pending request sent 200 notifications in 2.9 s. Edits have a per-member budget, and a burst
 * of changes is one notification per request and party, pushed once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { DEFAULT_MEMBER_RATE_LIMITS } from '../../lib/rate-limit';
import type { BusEvent } from '../realtime/event-bus';
import { listItem } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';

const EDIT_BUDGET = DEFAULT_MEMBER_RATE_LIMITS.itemEdit.points;
const t = useTestApp({ memberRateLimits: { itemEdit: DEFAULT_MEMBER_RATE_LIMITS.itemEdit } });

const CHANGED_TITLE = 'An item in your barter request changed';

async function pendingTrade(owner: TestClient, wanted: { id: string }) {
  const requester = await t.member();
  const offered = await listItem(requester, { title: 'Leather Boots' });
  const response = await requester.post('/api/trade-requests', {
    requestedItemId: wanted.id,
    offeredItemId: offered.id,
  });
  expect(response.statusCode).toBe(201);
  return { requester, offered, trade: response.json() as { id: string } };
}

/** The member's item-changed notifications, as stored (read or not). */
const changeNotes = (member: TestClient) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, member.user?.id as string), eq(notifications.title, CHANGED_TITLE)));

/** Runs `work` and answers the notification events it put on the bus. */
async function pushedDuring(work: () => Promise<void>) {
  const pushed: BusEvent[] = [];
  const unsubscribe = t.app.bus.subscribe((event) => {
    if (event.kind === 'notification') pushed.push(event);
  });
  try {
    await work();
  } finally {
    unsubscribe();
  }
  return pushed;
}

describe(`edits of an item in a pending request (${testDriver})`, () => {
  it('20 edits make one notification per request, pushed once, telling every change since the offer', async () => {
    const owner = await t.member();
    const wanted = await listItem(owner, { title: 'Wool Coat', estimatedValue: 9000 });
    const first = await pendingTrade(owner, wanted);
    const second = await pendingTrade(owner, wanted);
    const pushed = await pushedDuring(async () => {
      for (let i = 1; i <= 20; i++) {
        const edit = await owner.patch(`/api/items/${wanted.id}`, {
          estimatedValue: 9000 + i,
          ...(i === 20 ? { description: 'Now with a small tear.' } : {}),
        });
        expect(edit.statusCode).toBe(200);
      }
    });
    for (const { requester } of [first, second]) {
      const notes = await changeNotes(requester);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        isRead: false,
        message:
          '"Wool Coat" changed (description and value) while your request is pending. Review the request: accepting it means accepting the item as it is now.',
      });
      expect(
        pushed.filter((event) => event.kind === 'notification' && event.userId === requester.user?.id),
      ).toHaveLength(1);
    }
    // The owner's own notifications are untouched, and the request shows the live terms.
    expect(await changeNotes(owner)).toHaveLength(0);
  });

  it(`refuses edits past ${EDIT_BUDGET} a minute with 429, changing nothing`, async () => {
    const owner = await t.member();
    const wanted = await listItem(owner, { title: 'Wool Coat', estimatedValue: 9000 });
    const { requester } = await pendingTrade(owner, wanted);
    for (let i = 1; i <= EDIT_BUDGET; i++)
      expect((await owner.patch(`/api/items/${wanted.id}`, { estimatedValue: 9000 + i })).statusCode).toBe(
        200,
      );
    const refused = await owner.patch(`/api/items/${wanted.id}`, { estimatedValue: 1, title: 'Hijacked' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many changes to your items in a short time\. Please wait/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await owner.get(`/api/items/${wanted.id}`)).json()).toMatchObject({
      title: 'Wool Coat',
      estimatedValue: 9000 + EDIT_BUDGET,
    });
    expect(await changeNotes(requester)).toHaveLength(1);
    // Another member's edits are theirs to make.
    const other = await t.member();
    const theirs = await listItem(other);
    expect((await other.patch(`/api/items/${theirs.id}`, { estimatedValue: 1234 })).statusCode).toBe(200);
  });

  it('a change after the notification was read, or 10 minutes later, is a new notification', async () => {
    const owner = await t.member();
    const wanted = await listItem(owner, { title: 'Wool Coat', estimatedValue: 9000 });
    const { requester } = await pendingTrade(owner, wanted);
    await owner.patch(`/api/items/${wanted.id}`, { estimatedValue: 9100 });
    const [note] = await changeNotes(requester);
    expect((await requester.patch(`/api/notifications/${note?.id}/read`)).statusCode).toBe(200);
    const pushed = await pushedDuring(async () => {
      await owner.patch(`/api/items/${wanted.id}`, { estimatedValue: 9200 });
    });
    expect(pushed).toHaveLength(1);
    expect(await changeNotes(requester)).toHaveLength(2);
    await t.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(notifications.userId, requester.user?.id as string));
    await owner.patch(`/api/items/${wanted.id}`, { estimatedValue: 9300 });
    const notes = await changeNotes(requester);
    expect(notes).toHaveLength(3);
    expect(notes.filter((row) => !row.isRead)).toHaveLength(2);
    expect((await requester.get('/api/notifications/unread-count')).json()).toEqual({ count: 2 });
  });
});
