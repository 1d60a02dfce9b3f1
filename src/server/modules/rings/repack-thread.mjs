// Entry of the re-pack's worker thread. The app and its tests run TypeScript through tsx, but a new
// thread starts as plain Node: this file registers tsx in the thread, then loads the TypeScript
// worker named in workerData (repack-worker.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
