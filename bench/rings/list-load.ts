/**
 * The load generator of the re-pack's responsiveness check (bench/rings/responsiveness.ts), in a
 * process of its own so that it never shares the event loop it measures: autocannon on the URL in
 * argv[2] until the parent sends "stop", then its latency figures back over IPC.
 */
import autocannon from 'autocannon';

const url = process.argv[2];
if (!url || !process.send) throw new Error('usage: forked with the URL to load as its argument');

const instance = autocannon({ url, connections: 10, duration: 3600 }, (error, result) => {
  if (error) throw error;
  process.send?.(
    {
      requests: result.requests.total,
      errors: result.errors + result.non2xx,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    () => process.exit(0),
  );
});
process.on('message', (message) => {
  if (message === 'stop') instance.stop();
});
