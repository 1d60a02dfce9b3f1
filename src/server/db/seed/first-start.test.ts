/**
 * A first start does not wait for the demo photos: the real server (src/server/main.ts) on an empty
 * data directory, with no rendered photos cached on the machine, listens first and draws the photos
 * afterwards, while every photo an item shows is served when asked for.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../test-support/server-process';

const scratch = mkdtempSync(join(tmpdir(), 'threadswap-first-start-'));
mkdirSync(join(scratch, 'tmp'));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The message of a pino log line ('' for anything else). */
function messageOf(line: string) {
  try {
    return (JSON.parse(line) as { msg?: string }).msg ?? '';
  } catch {
    return '';
  }
}

describe('the first start in demo mode', () => {
  it('listens before rendering the demo photos, and serves each photo on request', async () => {
    const lines: string[] = [];
    server = await startServer(
      {
        DEMO: 'on',
        DATA_DIR: join(scratch, 'data'),
        // An empty temporary directory: no photo rendered by an earlier run can be reused.
        TMPDIR: join(scratch, 'tmp'),
        LOG_LEVEL: 'info',
      },
      { stdio: 'pipe' },
    );
    let buffered = '';
    const rendered = new Promise<void>((resolve) => {
      server?.process.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const complete = buffered.split('\n');
        buffered = complete.pop() ?? '';
        for (const line of complete) {
          const message = messageOf(line);
          lines.push(message);
          if (message.startsWith('Rendered ')) resolve();
        }
      });
    });
    server.process.stderr?.resume();

    const list = (await (await fetch(`${server.url}/api/items`)).json()) as Array<{ images: string[] }>;
    const photo = list[0]?.images[0] as string;
    expect(photo).toMatch(/^\/images\//);
    const response = await fetch(`${server.url}${photo}?w=400`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');

    await rendered;
    const listening = lines.findIndex((line) => line.startsWith('Threadswap is running'));
    const drawn = lines.findIndex((line) => /^Rendered \d+ demo photos/.test(line));
    const seeded = lines.findIndex((line) => line.startsWith('Seeded '));
    expect(seeded).toBeGreaterThanOrEqual(0);
    expect(listening).toBeGreaterThan(seeded);
    expect(drawn).toBeGreaterThan(listening);
  }, 300_000);
});
