import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blocks } from '../db/schema';
import { useTestApp } from '../test-support/test-app';
import { createDomainEvents } from './domain-events';
import { silentMailer } from './mail';
import { transact } from './unit-of-work';

const t = useTestApp();

/** A log that keeps its error lines. */
function recordingLog() {
  const lines: Array<{ details: object; message: string }> = [];
  return { lines, error: (details: object, message: string) => lines.push({ details, message }) };
}

describe('after the commit', () => {
  it('a failing listener or callback is logged with its event, and the ones after it still run', async () => {
    const log = recordingLog();
    const events = createDomainEvents(log);
    const ran: string[] = [];
    events.afterCommit('swap-rules.changed', async () => {
      ran.push('first listener');
      throw new Error('listener broke');
    });
    events.afterCommit('swap-rules.changed', async () => {
      ran.push('second listener');
    });
    const member = await t.member();
    const memberId = member.user?.id ?? '';
    const result = await transact({ db: t.db, events, mailer: silentMailer }, async (tx, effects) => {
      effects.after(async () => {
        ran.push('first callback');
        throw new Error('callback broke');
      });
      await effects.emit('swap-rules.changed', { memberId });
      effects.after(async () => {
        ran.push('last callback');
      });
      await tx.insert(blocks).values({ blockerId: memberId, blockedId: memberId });
      return 'committed';
    });

    expect(result).toBe('committed');
    expect(ran).toEqual(['first callback', 'first listener', 'second listener', 'last callback']);
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, memberId))).toHaveLength(1);
    expect(log.lines.map((line) => line.message)).toEqual([
      'after-commit work failed',
      'after-commit work failed',
    ]);
    expect(log.lines.map((line) => (line.details as { event: string }).event)).toEqual([
      'effects.after',
      'swap-rules.changed',
    ]);
  });

  it('a committed write answers success even when a listener of its event fails', async () => {
    const [blocker, blocked] = [await t.member(), await t.member()];
    const heard: string[] = [];
    t.app.services.events.afterCommit('member.blocked', async () => {
      throw new Error('listener broke');
    });
    t.app.services.events.afterCommit('member.blocked', async ({ blockedId }) => {
      heard.push(blockedId);
    });

    const response = await blocker.post('/api/blocks', { userId: blocked.user?.id });

    expect(response.statusCode).toBe(201);
    expect(heard).toEqual([blocked.user?.id]);
    const stored = await t.db
      .select()
      .from(blocks)
      .where(eq(blocks.blockerId, blocker.user?.id ?? ''));
    expect(stored).toHaveLength(1);
  });
});
