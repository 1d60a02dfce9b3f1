import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/connect';
import { mailQueue, outbox } from '../db/schema';
import type { MailConfig } from '../env';
import type { Locale } from '../../common/domain/locales';
import { toOneLine } from '../../common/domain/unsafe-text';
import { translator } from './i18n';
import { escapeHtml } from './html';

/** One email: every one has a plain-text and an HTML part. */
export interface MailMessage {
  /** What kind of email this is ("password-reset"): the only thing the logs say about it. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** How long an instance holds a row it claimed; far longer than a send may take (SMTP_TIMEOUTS). */
export const MAIL_LEASE_MS = 5 * 60 * 1000;
/** Attempts before an email is given up (the last about 8 hours after the first). */
export const MAIL_MAX_ATTEMPTS = 10;
/** Rows claimed at once. */
const CLAIM_BATCH = 20;
/** nodemailer's defaults wait up to 10 minutes on a silent server; a send must end within its lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** The wait before attempt `attempts + 1`, after `attempts` failed: 30 s, doubling, at most 2 hours. */
export function retryDelayMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 2 * 60 * 60 * 1000);
}

/**
 * Queues emails in the transaction `tx`: they exist exactly when the write that promised them
 * commits. The unit of work calls this for `effects.mail`; nothing else should.
 */
export async function queueMail(tx: Tx, messages: MailMessage[], now = new Date()) {
  if (messages.length === 0) return;
  await tx.insert(mailQueue).values(
    messages.map((message) => ({
      kind: message.kind,
      to: message.to,
      // Subjects are built from members' text (names, titles): never a line break in a header, nor
      // text that reads in another order, whatever was stored before one-line fields refused them.
      subject: toOneLine(message.subject),
      text: message.text,
      html: message.html,
      headers: message.headers ?? {},
      // The app's clock, as every claim compares with it (not the database server's).
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

/**
 * Outgoing mail, delivered from the mail queue (`effects.mail` writes it in the transaction of the
 * write that promises it): an email a committed write promised goes out even if the process ends
 * right after the commit, at the next delivery run of any instance. Without SMTP_URL delivery moves
 * it to the outbox table instead (readable at /dev/outbox in demo mode).
 *
 * Each row is claimed before it is sent (`FOR UPDATE SKIP LOCKED`, then a lease in `claimed_until`),
 * so no two runs, here or on another instance, send the same row; it is deleted once the server took
 * it. A failed attempt is retried later, with a growing delay, up to MAIL_MAX_ATTEMPTS. Only a
 * process that dies after the SMTP server accepted an email and before its row is deleted leads to
 * a second copy once the lease ends; both carry the same Message-ID, so a receiving server can
 * tell the copy for what it is.
 */
export interface Mailer {
  /**
   * Delivers what is queued, off the caller's path: the unit of work calls it once a transaction
   * that queued mail has committed. Never throws; a failure is logged and retried later.
   */
  deliverSoon(): void;
  /** Delivers every queued email due at `now`, claimed in batches (the sweep task; tests pass their clock). */
  deliverDue(now?: Date): Promise<void>;
  /**
   * Starts delivering: what a previous process left queued goes at once, and failed emails are
   * retried when due (a timer that never keeps the process alive).
   */
  start(): void;
  /**
   * Runs work that ends in queuing mail without making the request wait for it (so that its answer
   * takes the same time whatever the work finds); tracked by `idle`, a failure logged.
   */
  defer(kind: string, work: () => Promise<void>): void;
  /** Resolves once the work under way (deferred work, deliveries) has ended. */
  idle(): Promise<void>;
  /** Stops new deliveries, waits for what is under way, then closes the SMTP connections. */
  close(): Promise<void>;
}

/** Counts for the metrics (lib/metrics.ts): one call per email sent, per failed attempt, per email given up. */
export interface MailObserver {
  sent(kind: string): void;
  failed(kind: string): void;
  gaveUp(kind: string): void;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** What a failure's log line may hold: codes, never an address or any text of the email. */
function failureFields(error: unknown) {
  const fields = error as { code?: unknown; responseCode?: unknown; command?: unknown; name?: unknown };
  return {
    type: typeof fields.name === 'string' ? fields.name : typeof error,
    code: typeof fields.code === 'string' ? fields.code : undefined,
    responseCode: typeof fields.responseCode === 'number' ? fields.responseCode : undefined,
    command: typeof fields.command === 'string' ? fields.command : undefined,
  };
}

/** The failure as stored on its row: a response or error code, never the server's text. */
function failureCode(error: unknown) {
  const fields = failureFields(error);
  return String(fields.responseCode ?? fields.code ?? fields.type).slice(0, 40);
}

type QueuedMail = typeof mailQueue.$inferSelect;

export function createMailer(options: {
  config: MailConfig;
  db: Db;
  log: Log;
  observer?: MailObserver;
}): Mailer {
  const { config, db, log, observer } = options;
  const transport = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    : null;
  // The Message-ID's right-hand side: the host of the links in the emails.
  const messageIdHost = new URL(config.appUrl).hostname || 'threadswap';
  const underway = new Set<Promise<void>>();
  let closed = false;
  let running = false;
  let again = false;
  let retryTimer: { at: number; timer: NodeJS.Timeout } | undefined;

  function track(kind: string, promise: Promise<void>) {
    const work = promise
      .catch((error: unknown) => {
        log.error({ mail: kind, failure: failureFields(error) }, 'mail could not be sent');
      })
      .finally(() => underway.delete(work));
    underway.add(work);
  }

  /**
   * Claims the rows due at `now` that nobody holds, for a lease, counting the attempt. The lease is
   * on the database's clock, which every instance shares (and which a test's `now` does not move);
   * a row another claim is taking at this moment is skipped, not waited for.
   */
  async function claim(now: Date): Promise<QueuedMail[]> {
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          lte(mailQueue.nextAttemptAt, now),
          or(isNull(mailQueue.claimedUntil), lte(mailQueue.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailQueue)
      .set({
        claimedUntil: sql`now() + make_interval(secs => ${MAIL_LEASE_MS / 1000})`,
        attempts: sql`${mailQueue.attempts} + 1`,
      })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  /** Hands one claimed email over; it leaves the queue once taken. */
  async function deliver(row: QueuedMail) {
    if (transport) {
      await transport.sendMail({
        from: config.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        // The same for every attempt: a copy sent again after a crash can be recognised as one.
        messageId: `<${row.id}@${messageIdHost}>`,
      });
      await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
      log.info({ mail: row.kind, transport: 'smtp' }, 'mail sent');
      return;
    }
    // Without an SMTP server the outbox table is the destination, written with the row's deletion.
    await db.transaction(async (tx) => {
      const [taken] = await tx
        .delete(mailQueue)
        .where(eq(mailQueue.id, row.id))
        .returning({ id: mailQueue.id });
      if (!taken) return;
      await tx.insert(outbox).values({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
      });
    });
    log.info({ mail: row.kind, transport: 'outbox' }, 'mail kept in the outbox (no SMTP_URL)');
  }

  /** After a failed attempt: again later, or given up after the last one. */
  async function failed(row: QueuedMail, error: unknown, now: Date) {
    observer?.failed(row.kind);
    const failure = failureFields(error);
    if (row.attempts >= MAIL_MAX_ATTEMPTS) {
      await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
      observer?.gaveUp(row.kind);
      log.error({ mail: row.kind, attempts: row.attempts, failure }, 'mail given up: it could not be sent');
      return;
    }
    const next = new Date(now.getTime() + retryDelayMs(row.attempts));
    await db
      .update(mailQueue)
      .set({ claimedUntil: null, nextAttemptAt: next, lastError: failureCode(error) })
      .where(eq(mailQueue.id, row.id));
    log.warn(
      { mail: row.kind, attempts: row.attempts, failure },
      'mail could not be sent; it will be retried',
    );
    retryAt(next.getTime());
  }

  async function deliverDue(now = new Date()) {
    for (;;) {
      const claimed = await claim(now);
      // A claimed batch is finished even when the mailer closes meanwhile (close waits for it):
      // a row left claimed would wait for its lease to end.
      for (const row of claimed) {
        try {
          await deliver(row);
          observer?.sent(row.kind);
        } catch (error) {
          await failed(row, error, now);
        }
      }
      if (claimed.length < CLAIM_BATCH || closed) return;
    }
  }

  /** One delivery loop at a time in this process; a call while it runs makes it go round once more. */
  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    track(
      'delivery',
      (async () => {
        try {
          do {
            again = false;
            await deliverDue();
          } while (again && !closed);
        } finally {
          running = false;
        }
      })(),
    );
  }

  /** Wakes delivery when the earliest retry is due (one timer for them all). */
  function retryAt(at: number) {
    if (closed || (retryTimer && retryTimer.at <= at)) return;
    if (retryTimer) clearTimeout(retryTimer.timer);
    const timer = setTimeout(
      () => {
        retryTimer = undefined;
        kick();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    retryTimer = { at, timer };
  }

  return {
    deliverSoon() {
      const delay = config.testOnlyDeliveryDelayMs;
      if (!delay) return kick();
      const timer = setTimeout(kick, delay);
      timer.unref();
    },
    deliverDue,
    start() {
      kick();
    },
    defer(kind, work) {
      track(kind, Promise.resolve().then(work));
    },
    async idle() {
      while (underway.size > 0) await Promise.all([...underway]);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer.timer);
      retryTimer = undefined;
      await this.idle();
      transport?.close();
    },
  };
}

/** A mailer that sends nothing: for service contexts built without an app (tests, scripts). */
export const silentMailer: Mailer = {
  deliverSoon() {},
  deliverDue: async () => undefined,
  start() {},
  defer() {},
  idle: async () => undefined,
  close: async () => undefined,
};

export interface EmailContent {
  greeting: string;
  paragraphs: string[];
  /** Lists under headings, after the paragraphs (a digest's notifications by kind). */
  sections?: Array<{ heading: string; lines: string[] }>;
  action?: { label: string; url: string };
  /** Small print under the action ("If you did not ask for this…"). */
  footer?: string;
  /** The unsubscribe link at the bottom of an optional email (notifications, digests). */
  unsubscribe?: { label: string; url: string };
}

/**
 * The text and HTML parts of an email from the same content, already in the recipient's language;
 * the few words of the layout itself are in `locale`. Every value is escaped in the HTML.
 */
export function composeEmail(content: EmailContent, locale: Locale): { text: string; html: string } {
  const t = translator(locale);
  const signature = t('emails:layout.signature');
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.sections ?? []).map(
      (section) => `${section.heading}\n${section.lines.map((line) => `- ${line}`).join('\n')}`,
    ),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.footer ? [content.footer] : []),
    signature,
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
  ].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t('emails:layout.orOpenLink', { url: content.action.url }))}</p>`
    : '';
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    ...(content.sections ?? []).map(
      (section) =>
        `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(section.heading)}</h2>` +
        `<ul style="margin:0 0 16px;padding-left:20px">${section.lines.map((line) => `<li style="margin:0 0 6px">${escapeHtml(line)}</li>`).join('')}</ul>`,
    ),
    button,
    content.footer
      ? `<p style="margin:16px 0;font-size:13px;color:#555">${escapeHtml(content.footer)}</p>`
      : '',
    `<p style="margin:24px 0 0;color:#555">${escapeHtml(signature)}</p>`,
    content.unsubscribe
      ? `<p style="margin:24px 0 0;font-size:12px;color:#555"><a href="${escapeHtml(content.unsubscribe.url)}" style="color:#555">${escapeHtml(content.unsubscribe.label)}</a></p>`
      : '',
    '</body></html>',
  ].join('');
  return { text, html };
}
