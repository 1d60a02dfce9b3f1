// Entry of the re-pack's worker thread, which loads the worker named in workerData (repack-worker.ts).
// The server bundle names the worker bundled beside it, which plain Node imports. `npm run dev` and
// the tests run TypeScript through tsx, but a new thread starts as plain Node: for the TypeScript
// worker, this file registers tsx in the thread first (tsx is a development dependency, so it is
// imported only then).
//
// The thread first lowers its own CPU priority to the lowest (nice 19): on Linux the nice value is
// per thread, so only the re-pack yields, and requests on the main thread go first when the cores
// are busy. Where that is not allowed, it runs at the normal priority.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';

try {
  setPriority(0, 19);
} catch {
  // Not permitted here: the re-pack keeps the process's priority.
}

if (workerData.entry.endsWith('.ts')) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(workerData.entry, import.meta.url);
} else {
  await import(workerData.entry);
}
