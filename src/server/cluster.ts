/**
 * Several app processes on one port (docs/operations.md): the primary forks WORKERS workers (default: one
 * per core), each running `main.ts`; node:cluster shares the listening socket between them. Needs
 * DATABASE_URL: PGlite takes one process at a time. Workers that die are replaced; SIGTERM or
 * SIGINT stops them all gracefully.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { withServerFlags } from './lib/node-flags';

if (cluster.isPrimary) {
  // A closed stdout or stderr (the reader went away) must not crash the primary or keep it alive.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const raw = process.env.WORKERS ?? String(availableParallelism());
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`Invalid configuration:\n  WORKERS: must be a whole number from 1 to 64 (got "${raw}")`);
    process.exit(1);
  }
  if (!process.env.DATABASE_URL && count > 1) {
    console.error(
      'Invalid configuration:\n  WORKERS: several workers need DATABASE_URL (PGlite takes one process at a time)',
    );
    process.exit(1);
  }

  // Workers serve the requests: they run with the server's Node flags however the primary was started.
  cluster.setupPrimary({ execArgv: withServerFlags(process.execArgv) });

  let stopping = false;
  const live = new Set<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.on('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(0);
        return;
      }
      console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      // A worker that cannot even start (bad configuration, database down) must not fork forever.
      setTimeout(fork, 1000);
    });
  };
  for (let index = 0; index < count; index += 1) fork();

  // Each worker ends within its own SHUTDOWN_TIMEOUT_SECONDS; the primary waits a little longer.
  const timeoutSeconds = Number(process.env.SHUTDOWN_TIMEOUT_SECONDS) || 10;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal ends everything at once.
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill(signal);
    setTimeout(() => process.exit(1), (timeoutSeconds + 5) * 1000);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} else {
  await import('./main');
}
