import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An email as it arrived at the test SMTP server, its parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function splitHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Decodes an RFC 2047 encoded word (a Subject with non-ASCII characters). */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
  );

/** The text/plain and text/html parts of a (possibly multipart) message. */
function parseMessage(raw: string) {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = splitHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const parts: Array<{ type: string; content: string }> = [];
  const walk = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const section of partBody.split(`--${boundary}`).slice(1)) {
        if (section.startsWith('--')) break;
        const at = section.search(/\r?\n\r?\n/);
        walk(
          splitHeaders(section.slice(0, at)),
          section
            .slice(at)
            .replace(/^\r?\n\r?\n/, '')
            .replace(/\r?\n$/, ''),
        );
      }
      return;
    }
    parts.push({
      type: type.split(';')[0]?.trim().toLowerCase() ?? '',
      content: decodeBody(partBody, partHeaders.get('content-transfer-encoding')),
    });
  };
  walk(headers, body);
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.find((part) => part.type === 'text/plain')?.content ?? '',
    html: parts.find((part) => part.type === 'text/html')?.content ?? '',
  };
}

/**
 * A real SMTP server on a free loopback port, in this process: what the app sends through
 * nodemailer arrives here, parsed. `url` is the SMTP_URL to give the app.
 */
export async function startSmtpServer(options: { reject?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  /** How many of the next emails are refused with a temporary failure (`refuseNext`). */
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.reject) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...parseMessage(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Mail that arrived for `address`, oldest first. */
    to: (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    /** Resolves once `count` emails have arrived in all. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    clear: () => received.splice(0),
    /** Refuses the next `count` emails with a temporary failure (451). */
    refuseNext(count: number) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
