/**
 * An email a committed write promised survives the process: the server commits a registration
 * (which queues its verification email in the same transaction), is killed with SIGKILL before it
 * delivers, and the email arrives once a new process starts on the same data.
 *
 * The first process runs with TEST_ONLY_MAIL_DELIVERY_DELAY_MS (read only under NODE_ENV=test), so
 * that the delivery right after the commit waits long enough for the kill to come first.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../test-support/server-process';
import { startSmtpServer } from '../test-support/smtp';
import { createScratchPostgres, testDriver } from '../test-support/test-database';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

async function killedBeforeDelivery(env: Record<string, string>) {
  smtp.clear();
  const common = { ...env, NODE_ENV: 'test', DEMO: 'off', SMTP_URL: smtp.url };
  const first = await startServer({ ...common, TEST_ONLY_MAIL_DELIVERY_DELAY_MS: '120000' });
  const register = await fetch(`${first.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Mina',
      email: 'mina@example.com',
      password: 'a-long-enough-passphrase',
    }),
  });
  // Answered once the registration (and the email it queued) committed.
  expect(register.status).toBe(201);
  first.process.kill('SIGKILL');
  if (first.process.exitCode === null && first.process.signalCode === null) await once(first.process, 'exit');
  expect(smtp.received).toEqual([]);

  const second = await startServer(common);
  try {
    const arrived = smtp.waitFor(1);
    await Promise.race([
      arrived,
      new Promise((_resolve, reject) =>
        setTimeout(() => reject(new Error('the queued email never arrived')), 30_000),
      ),
    ]);
    // Give a duplicate the time to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.map((mail) => mail.to)).toEqual([['mina@example.com']]);
    expect(smtp.received[0]?.text).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]+/);
  } finally {
    await second.stop();
  }
}

describe('an email promised by a committed write, after SIGKILL', () => {
  it('arrives once the server restarts (PGlite)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'threadswap-mail-crash-'));
    try {
      await killedBeforeDelivery({ DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it.skipIf(testDriver !== 'postgres')(
    'arrives once the server restarts (PostgreSQL)',
    async () => {
      const scratch = await createScratchPostgres();
      try {
        await killedBeforeDelivery({ DATABASE_URL: scratch.url });
      } finally {
        await scratch.drop();
      }
    },
    240_000,
  );
});
