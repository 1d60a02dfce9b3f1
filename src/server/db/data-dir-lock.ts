import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The embedded database is open in another live process. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    lockFile: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running Threadswap server?). ` +
        'Stop it first: the embedded database takes one process at a time. ' +
        `(If no such process uses it, delete ${lockFile}.)`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Whether a process with this id runs (EPERM: it does, as another user). */
function isRunning(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database in `dataDir` for this process: PGlite itself lets two processes open
 * one data directory, and both then write it, which corrupts it. The claim is a file beside the
 * directory (`<dataDir>.lock`, never inside it, where a backup would copy it) holding this process's
 * id; a claim whose process has ended (killed, crashed) is taken over. Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = `${dataDir.replace(/\/+$/, '')}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const mine = `${process.pid}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
        } catch {
          // Gone already.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(path, 'utf8').trim());
    } catch {
      // Released meanwhile: try again.
      continue;
    }
    if (holder !== process.pid && isRunning(holder)) throw new DataDirInUseError(dataDir, holder, path);
    try {
      unlinkSync(path);
    } catch {
      // Another process took it over first: the next attempt sees whose it is.
    }
  }
  throw new Error(`Could not claim the embedded database in ${dataDir} (${path} keeps changing)`);
}
