// Entry of the re-pack's worker thread. The app and its tests run TypeScript through tsx, but a new
// thread starts as plain Node: this file registers tsx in the thread, then loads the TypeScript
// worker named in workerData (repack-worker.ts).
//
// The thread first lowers its own CPU priority to the lowest (nice 19): on Linux the nice value is
// per thread, so only the re-pack yields, and requests on the main thread go first when the cores
// are busy. Where that is not allowed, it runs at the normal priority.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

try {
  setPriority(0, 19);
} catch {
  // Not permitted here: the re-pack keeps the process's priority.
}

await tsImport(workerData.entry, import.meta.url);
