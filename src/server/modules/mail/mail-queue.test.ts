import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mailQueue, notifications } from '../../db/schema';
import { createMailer, MAIL_MAX_ATTEMPTS, type MailMessage, silentMailer } from '../../lib/mail';
import { transact } from '../../lib/unit-of-work';
import { startSmtpServer } from '../../test-support/smtp';
import { testConfig, useTestApp } from '../../test-support/test-app';

const smtp = await startSmtpServer();
const mailConfig = { ...testConfig.mail, smtpUrl: smtp.url };
const t = useTestApp({ config: { mail: mailConfig } });
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.clear();
});

const SECOND = 1000;
const message = (to: string, kind = 'test'): MailMessage => ({
  kind,
  to,
  subject: 'Your link',
  text: 'Open it',
  html: '<p>Open it</p>',
});
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** Queues mail in a committed transaction that nobody delivers right after (as if the process had ended). */
async function queueOnly(...messages: MailMessage[]) {
  await transact({ db: t.db, events: t.app.services.events, mailer: silentMailer }, async (_tx, effects) => {
    effects.mail(...messages);
  });
}

function recordingLog() {
  const lines: string[] = [];
  const push = (_details: unknown, text: string) => lines.push(text);
  return { lines, log: { info: push, warn: push, error: push } as never };
}

describe('the mail queue', () => {
  it('delivers an email once its transaction commits, with a Message-ID of its own, and forgets it', async () => {
    await transact(t.app.services, async (_tx, effects) => {
      effects.mail(message('reader@example.com'));
    });
    await t.app.services.mailer.idle();
    expect(smtp.to('reader@example.com')).toHaveLength(1);
    expect(smtp.received[0]?.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(await t.db.select().from(mailQueue)).toEqual([]);
  });

  it('queues nothing when the transaction rolls back', async () => {
    await expect(
      transact(t.app.services, async (_tx, effects) => {
        effects.mail(message('reader@example.com'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await t.app.services.mailer.idle();
    expect(await t.db.select().from(mailQueue)).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('retries a refused email later, each time after a longer wait, then delivers it', async () => {
    await queueOnly(message('reader@example.com'));
    const start = new Date();
    smtp.refuseNext(1);
    await t.app.services.mailer.deliverDue(start);
    const [first] = await t.db.select().from(mailQueue);
    expect(first).toMatchObject({ attempts: 1, lastError: '451', claimedUntil: null });
    expect(first?.nextAttemptAt.getTime()).toBe(start.getTime() + 30 * SECOND);

    // Not due yet: nothing is sent.
    await t.app.services.mailer.deliverDue(later(start, 20 * SECOND));
    smtp.refuseNext(1);
    await t.app.services.mailer.deliverDue(later(start, 31 * SECOND));
    const [second] = await t.db.select().from(mailQueue);
    expect(second?.attempts).toBe(2);
    expect(second?.nextAttemptAt.getTime()).toBe(start.getTime() + 31 * SECOND + 60 * SECOND);

    await t.app.services.mailer.deliverDue(later(start, 92 * SECOND));
    expect(smtp.to('reader@example.com')).toHaveLength(1);
    expect(await t.db.select().from(mailQueue)).toEqual([]);
  });

  it(`gives an email up after ${MAIL_MAX_ATTEMPTS} attempts, logging that without its address`, async () => {
    const { lines, log } = recordingLog();
    const mailer = createMailer({ config: mailConfig, db: t.db, log });
    try {
      await queueOnly(message('reader@example.com'));
      await t.db.update(mailQueue).set({ attempts: MAIL_MAX_ATTEMPTS - 1 });
      smtp.refuseNext(1);
      await mailer.deliverDue();
      expect(await t.db.select().from(mailQueue)).toEqual([]);
      expect(lines).toEqual(['mail given up: it could not be sent']);
    } finally {
      await mailer.close();
    }
  });

  it('of several instances delivering at once, each email is sent by exactly one', async () => {
    const others = [1, 2].map(() => createMailer({ config: mailConfig, db: t.db, log: recordingLog().log }));
    try {
      const addresses = Array.from({ length: 45 }, (_, index) => `reader-${index}@example.com`);
      await queueOnly(...addresses.map((address) => message(address)));
      await Promise.all([
        t.app.services.mailer.deliverDue(),
        ...others.map((mailer) => mailer.deliverDue()),
        ...others.map((mailer) => mailer.deliverDue()),
      ]);
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...addresses].sort());
      expect(new Set(smtp.received.map((mail) => mail.headers.get('message-id'))).size).toBe(45);
      expect(await t.db.select().from(mailQueue)).toEqual([]);
    } finally {
      await Promise.all(others.map((mailer) => mailer.close()));
    }
  });

  it('leaves an email alone while another instance holds its lease, and takes it once the lease ended', async () => {
    await queueOnly(message('reader@example.com'));
    await t.db.update(mailQueue).set({ claimedUntil: sql`now() + interval '1 minute'`, attempts: 1 });
    await t.app.services.mailer.deliverDue(later(new Date(), 10 * 60 * SECOND));
    expect(smtp.received).toEqual([]);

    // That instance ended without sending: its lease runs out.
    await t.db.update(mailQueue).set({ claimedUntil: sql`now() - interval '1 second'` });
    await t.app.services.mailer.deliverDue();
    expect(smtp.to('reader@example.com')).toHaveLength(1);
  });

  it('the sweep sends what was queued and never delivered (a process that ended after its commit)', async () => {
    await queueOnly(message('reader@example.com'));
    await t.app.sweep.run();
    expect(smtp.to('reader@example.com')).toHaveLength(1);
  });

  it('the sweep queues an immediate email whose notification committed but was never emailed, once', async () => {
    const member = await t.member({ firstName: 'Olga' });
    const [note] = await t.db
      .insert(notifications)
      .values({
        userId: member.user?.id ?? '',
        type: 'trade_request',
        title: 'New barter request',
        message: 'Remy would like your coat',
        emailType: 'tradeRequest',
        createdAt: new Date(Date.now() - 2 * 60 * SECOND),
      })
      .returning();
    await t.app.sweep.run();
    await t.app.services.mailer.idle();
    expect(smtp.to(member.user?.email ?? '').map((mail) => mail.subject)).toEqual(['New barter request']);
    const [stored] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, note?.id ?? ''));
    expect(stored?.emailedAt).not.toBeNull();

    await t.app.sweep.run();
    await t.app.services.mailer.idle();
    expect(smtp.to(member.user?.email ?? '')).toHaveLength(1);
  });
});
