import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const scratch = mkdtempSync(join(tmpdir(), 'threadswap-lock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The id of a process that has ended. */
function endedPid() {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('the embedded database claim', () => {
  it('is refused while another live process holds it, and taken over from one that ended', () => {
    const dataDir = join(scratch, 'pglite');
    const lockFile = `${dataDir}.lock`;
    // A live process other than this one (the test runner's parent) holds it.
    writeFileSync(lockFile, `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(`in use by process ${process.ppid}`);

    writeFileSync(lockFile, `${endedPid()}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(lockFile)).toBe(false);
  });
});
