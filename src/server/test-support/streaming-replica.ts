import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL streaming replica of the server at `primaryUrl`, made on this machine for a test or
 * a benchmark: `pg_basebackup -R -X stream` into a temporary directory, started by `pg_ctl` on its
 * own port and socket directory, with a replication slot on the primary. `destroy()` stops it,
 * removes the directory and drops the slot.
 *
 * The primary must accept replication connections from 127.0.0.1 (wal_level replica or logical,
 * max_wal_senders > 0, a `host replication all 127.0.0.1/32 trust` line in pg_hba.conf: `.ci/run`
 * adds it; docs/testing.md). Run as root, the PostgreSQL binaries run as the postgres user.
 */

function postgresBin(name: string): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const version = versions.at(-1);
  if (!version) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${version}/bin/${name}`;
}

/** Why no replica can be made here, or undefined when the binaries are present. */
export function replicaToolsMissing(): string | undefined {
  try {
    const basebackup = postgresBin('pg_basebackup');
    if (!existsSync(basebackup)) return `${basebackup} is not installed`;
    if (!existsSync(postgresBin('pg_ctl'))) return 'pg_ctl is not installed';
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

function asPostgres(args: string[]) {
  const command = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;
  try {
    execFileSync(command[0] as string, command.slice(1), { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`${args[0]?.split('/').at(-1)} failed: ${stderr || (error as Error).message}`, {
      cause: error,
    });
  }
}

/** Settings of the primary that streaming replication needs; a sentence per missing one. */
export async function replicationProblems(primaryUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ wal_level: string; senders: string }>(
      `select current_setting('wal_level') as wal_level, current_setting('max_wal_senders') as senders`,
    );
    const problems: string[] = [];
    const row = rows[0];
    if (row?.wal_level === 'minimal') problems.push('wal_level is minimal (replica needed; a restart)');
    if (Number(row?.senders ?? 0) < 1) problems.push('max_wal_senders is 0 (a restart)');
    return problems;
  } finally {
    await client.end();
  }
}

export interface StreamingReplica {
  port: number;
  /** The URL of `database` on the replica. */
  url(database: string): string;
  start(): void;
  /** A fast stop (clean: it restarts from where it was, not from its last restartpoint). */
  stop(): void;
  /** Stops it (if running), removes its directory and drops its replication slot on the primary. */
  destroy(): Promise<void>;
  /** Its replication slot on the primary. */
  slot: string;
  /** The directory holding it (gone after destroy). */
  dir: string;
}

export function createStreamingReplica(primaryUrl: string, port: number): StreamingReplica {
  const primary = new URL(primaryUrl);
  const dir = mkdtempSync(join(tmpdir(), 'threadswap-replica-'));
  const slot = `threadswap_replica_${basename(dir)
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()}`;
  const data = join(dir, 'data');
  chmodSync(dir, 0o755);
  const owner =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
        }
      : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  try {
    asPostgres([
      postgresBin('pg_basebackup'),
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username || 'postgres'),
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      // Without it the copy waits for the primary's next spread checkpoint (minutes).
      '--checkpoint=fast',
      // A slot keeps the WAL the replica has not received yet while it is stopped (dropped by destroy).
      '-C',
      '-S',
      slot,
      '--no-sync',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // Debian keeps a cluster's configuration files out of its data directory: the copy has none.
  const files = {
    'postgresql.conf': '',
    'pg_hba.conf': 'local all all trust\nhost all all 127.0.0.1/32 trust\n',
    'pg_ident.conf': '',
  };
  for (const [name, text] of Object.entries(files)) {
    const file = join(data, name);
    if (existsSync(file)) continue;
    writeFileSync(file, text, { mode: 0o600 });
    if (owner) chownSync(file, owner.uid, owner.gid);
  }
  const ctl = (...args: string[]) =>
    asPostgres([postgresBin('pg_ctl'), '-D', data, '-w', '-t', '60', ...args]);
  let running = false;
  return {
    port,
    dir,
    slot,
    url(database) {
      const url = new URL(primaryUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    start() {
      // The copy's postgresql.auto.conf holds the primary's ALTER SYSTEM settings; these win.
      ctl(
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c hot_standby=on -c hot_standby_feedback=on`,
        '-l',
        join(dir, 'log'),
        'start',
      );
      running = true;
    },
    stop() {
      ctl('-m', 'fast', 'stop');
      running = false;
    },
    async destroy() {
      if (running) {
        try {
          ctl('-m', 'immediate', 'stop');
        } catch {
          // already stopped
        }
      }
      rmSync(dir, { recursive: true, force: true });
      // The slot would keep the primary's WAL for ever. Its sender on the primary may take a moment
      // to notice the replica has gone (an active slot cannot be dropped).
      const client = new pg.Client({ connectionString: primaryUrl });
      await client.connect();
      try {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const { rows } = await client.query<{ active: boolean }>(
            'select active from pg_replication_slots where slot_name = $1',
            [slot],
          );
          if (rows.length === 0) break;
          if (!rows[0]?.active) {
            await client.query('select pg_drop_replication_slot($1)', [slot]).catch(() => undefined);
            continue;
          }
          if (Date.now() > deadline) throw new Error(`replication slot ${slot} is still active`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await client.end();
      }
    },
  };
}
