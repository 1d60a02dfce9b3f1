import type { DestinationStream } from 'pino';

/** How much unwritten log output may wait for a slow reader before new lines are dropped. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

/**
 * Where the server's log lines go: stdout, written so that logging can never hold the process.
 * process.stdout does not block the event loop on a pipe (a full pipe queues in memory), so
 * a reader that stops reading costs at most MAX_BACKLOG_BYTES, after which lines are dropped;
 * a reader that goes away (EPIPE) stops the logging instead of crashing the process or keeping
 * it alive on exit. pino's own destination writes synchronously and would wait on a full pipe
 * forever, deaf to signals.
 */
export function logOutput(stream: NodeJS.WriteStream = process.stdout): DestinationStream {
  let broken = false;
  stream.on('error', () => {
    broken = true;
  });
  return {
    write(line: string) {
      if (broken || stream.destroyed || stream.writableLength > MAX_BACKLOG_BYTES) return;
      stream.write(line);
    },
  };
}

/** Errors on stdout or stderr (a closed pipe) must never become an uncaught exception. */
export function ignoreOutputErrors() {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
