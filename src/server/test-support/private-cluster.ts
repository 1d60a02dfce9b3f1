import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function postgresBin(name: string): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const version = versions.at(-1);
  if (!version) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${version}/bin/${name}`;
}

/** Runs a PostgreSQL binary as the postgres user (initdb and postgres refuse to run as root). */
function asPostgres(args: string[]) {
  const command = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;
  execFileSync(command[0] as string, command.slice(1), { stdio: 'pipe' });
}

/**
 * A PostgreSQL cluster of the test's own, on its own port and directory, that the test may stop and
 * start at will — never the machine's shared server.
 */
export function createPrivateCluster(port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'threadswap-pg-'));
  const data = join(dir, 'data');
  chmodSync(dir, 0o755);
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
  asPostgres([postgresBin('initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (...args: string[]) =>
    asPostgres([postgresBin('pg_ctl'), '-D', data, '-w', '-t', '60', ...args]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      ctl(
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
        '-l',
        join(dir, 'log'),
        'start',
      );
    },
    /** An immediate stop: like a crash or a network cut, without a clean shutdown. */
    stop() {
      ctl('-m', 'immediate', 'stop');
    },
    destroy() {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
