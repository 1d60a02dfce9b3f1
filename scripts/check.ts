/**
 * `npm run check`: what the repository claims of its code besides the tests. eslint (its type-aware
 * rules included), strict TypeScript (`tsc --noEmit`) and prettier's formatting (`prettier --check`)
 * run at once, each printing its output when it ends; all three run even when one fails, so that one
 * log shows every finding, and the exit code is 1 if any failed. `npm test` runs them first.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './build-freshness.mjs';

export interface CheckResult {
  label: string;
  passed: boolean;
  seconds: number;
}

const CHECKS = [
  { label: 'eslint', bin: 'eslint', args: ['.'] },
  { label: 'tsc --noEmit', bin: 'tsc', args: ['--noEmit', '-p', '.'] },
  { label: 'prettier --check', bin: 'prettier', args: ['--check', '.'] },
];

function run({ label, bin, args }: (typeof CHECKS)[number]): Promise<CheckResult> {
  const started = Date.now();
  let output = '';
  return new Promise((resolve) => {
    const child = spawn(join(root, 'node_modules/.bin', bin), args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let ended = false;
    const end = (passed: boolean) => {
      if (ended) return;
      ended = true;
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n=== ${label}: ${passed ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ===`);
      if (output.trim()) console.log(output.trimEnd());
      resolve({ label, passed, seconds });
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      end(false);
    });
    child.once('close', (code) => end(code === 0));
  });
}

/** Runs every check at once; answers each one's result once all have ended. */
export function runChecks(): Promise<CheckResult[]> {
  return Promise.all(CHECKS.map(run));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = await runChecks();
  process.exitCode = results.every((result) => result.passed) ? 0 : 1;
}
