import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/connect';
import { outbox } from '../db/schema';
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

/**
 * Outgoing mail. `send` never throws and never waits for the transport: it is called after a
 * transaction commits (`effects.after`), the request goes on, and a failure is logged. Without
 * SMTP_URL mail goes to the outbox table instead (readable at /dev/outbox in demo mode).
 */
export interface Mailer {
  send(message: MailMessage): void;
  /**
   * Runs work that ends in sending mail without making the request wait for it (so that its answer
   * takes the same time whatever the work finds); tracked by `idle`, a failure logged.
   */
  defer(kind: string, work: () => Promise<void>): void;
  /** Resolves once every email handed to `send` so far was delivered, stored or given up on. */
  idle(): Promise<void>;
  /** Waits for what is under way, then closes the SMTP connections. */
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

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

export function createMailer(options: { config: MailConfig; db: Db; log: Log }): Mailer {
  const { config, db, log } = options;
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const underway = new Set<Promise<void>>();

  async function deliver(message: MailMessage) {
    const headers = message.headers ?? {};
    // Subjects are built from members' text (names, titles): never a line break in a header, nor
    // text that reads in another order, whatever was stored before one-line fields refused them.
    const subject = toOneLine(message.subject);
    if (transport) {
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject,
        text: message.text,
        html: message.html,
        headers,
      });
      log.info({ mail: message.kind, transport: 'smtp' }, 'mail sent');
      return;
    }
    await db.insert(outbox).values({
      to: message.to,
      subject,
      text: message.text,
      html: message.html,
      headers,
    });
    log.info({ mail: message.kind, transport: 'outbox' }, 'mail kept in the outbox (no SMTP_URL)');
  }

  function track(kind: string, promise: Promise<void>) {
    const work = promise
      .catch((error: unknown) => {
        log.error({ mail: kind, failure: failureFields(error) }, 'mail could not be sent');
      })
      .finally(() => underway.delete(work));
    underway.add(work);
  }

  return {
    send(message) {
      track(message.kind, deliver(message));
    },
    defer(kind, work) {
      track(kind, Promise.resolve().then(work));
    },
    async idle() {
      while (underway.size > 0) await Promise.all([...underway]);
    },
    async close() {
      await this.idle();
      transport?.close();
    },
  };
}

/** A mailer that sends nothing: for service contexts built without an app (tests, scripts). */
export const silentMailer: Mailer = {
  send() {},
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
