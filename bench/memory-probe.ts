/**
 * Preloaded into the app by the sockets benchmark (`node --expose-gc --import ./bench/memory-probe.ts`):
 * on SIGUSR2 it writes, as JSON to BENCH_MEMORY_FILE, what the app's event loop went through since the
 * previous report (its delay histogram, garbage-collection pauses, and each stall of 30 ms or more
 * with its wall-clock time), then collects garbage and adds `process.memoryUsage()`. So the benchmark
 * reads the app's heap, RSS and event-loop delay without the app exposing any of them.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

export interface ProbeReport {
  memory: NodeJS.MemoryUsage;
  /** Event-loop delay since the previous report, in ms (perf_hooks.monitorEventLoopDelay). */
  loop: { p50: number; p99: number; max: number };
  /** Garbage-collection pauses since the previous report. */
  gc: { count: number; totalMs: number; maxMs: number; majorMaxMs: number };
  /** Stalls of at least STALL_MS: [epoch ms when the stall began, its length in ms]. */
  stalls: Array<[number, number]>;
}

const STALL_MS = 30;
const TICK_MS = 10;
const MAX_STALLS = 1000;

const target = process.env.BENCH_MEMORY_FILE;
if (target) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0, majorMaxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        gc.majorMaxMs = Math.max(gc.majorMaxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let stalls: Array<[number, number]> = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    last = now;
    if (late >= STALL_MS && stalls.length < MAX_STALLS) stalls.push([Date.now() - late, Math.round(late)]);
  }, TICK_MS).unref();
  const reset = () => {
    loop.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0, majorMaxMs: 0 };
    stalls = [];
  };

  process.on('SIGUSR2', () => {
    const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
    const window = {
      loop: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      gc,
      stalls,
    };
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    const report: ProbeReport = { memory: process.memoryUsage(), ...window };
    writeFileSync(`${target}.tmp`, JSON.stringify(report));
    // Renamed into place, so that a reader never sees half a file.
    renameSync(`${target}.tmp`, target);
    // The next window starts after this report's own full collection.
    reset();
    setTimeout(reset, 100).unref();
  });
}
