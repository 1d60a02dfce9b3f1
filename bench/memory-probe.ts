/**
 * Preloaded into the app by the sockets benchmark (`node --expose-gc --import ./bench/memory-probe.ts`):
 * on SIGUSR2 it collects garbage and writes `process.memoryUsage()` as JSON to BENCH_MEMORY_FILE, so
 * that the benchmark can read the app's heap as well as its RSS without the app exposing either.
 */
import { renameSync, writeFileSync } from 'node:fs';

const target = process.env.BENCH_MEMORY_FILE;
if (target) {
  process.on('SIGUSR2', () => {
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    writeFileSync(`${target}.tmp`, JSON.stringify(process.memoryUsage()));
    // Renamed into place, so that a reader never sees half a file.
    renameSync(`${target}.tmp`, target);
  });
}
