/**
 * `npm test`: the checks (`npm run check`: eslint, `tsc --noEmit`, `prettier --check`), then every
 * test. Unit and API tests on PGlite; the API tests again on PostgreSQL when TEST_DATABASE_URL is set;
 * then the browser journeys in Chromium. A failed check fails the run, but the tests still run, so
 * that one log shows everything. Under CI=true a missing database or browser fails the run instead of
 * skipping.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChecks } from './check';
import { ensureClientBuild } from './ensure-client-build';
import { ensureServerBundle } from './server-bundle';

const ci = process.env.CI === 'true';
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const databaseUrl = process.env.TEST_DATABASE_URL;
const reports = mkdtempSync(join(tmpdir(), 'threadswap-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests of every phase, repeated at the very end so that the tail of a CI log names them. */
const failures: string[] = [];
/** Each phase's wall-clock seconds and the 1-minute load average at its end, printed at the very end. */
const timings: string[] = [];
let failed = false;

function fail(message: string) {
  console.error(`\n${message}`);
  failed = true;
}

function vitest(label: string, args: string[], env: Record<string, string>) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const outputFile = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const run = spawnSync(
    'node_modules/.bin/vitest',
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults?: Array<{
        name: string;
        status?: string;
        message?: string;
        assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
      }>;
    };
    for (const file of report.testResults ?? []) {
      const where = file.name.replace(`${process.cwd()}/`, '');
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(
          `[${label}] ${where}\n      ${(file.message ?? '').split('\n').slice(0, 4).join('\n      ')}`,
        );
      for (const test of failedTests) {
        const reason = (test.failureMessages?.[0] ?? '').split('\n').slice(0, 4).join('\n      ');
        failures.push(`[${label}] ${where} > ${test.fullName}\n      ${reason}`);
      }
    }
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  timed(label, started);
  if (run.status !== 0) fail(`${label} failed`);
}

/** Notes a phase's wall-clock seconds and the load at its end, for the summary at the very end. */
function timed(label: string, started: number) {
  timings.push(
    `${label}: ${((Date.now() - started) / 1000).toFixed(0)} s (load ${(loadavg()[0] ?? 0).toFixed(1)})`,
  );
}

if (ci && !databaseUrl)
  fail('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run cannot be skipped in CI.');
if (ci && !existsSync(chrome))
  fail(`CI=true but no Chromium at ${chrome}: the browser journeys cannot be skipped in CI.`);

console.log('\n=== eslint, tsc --noEmit and prettier --check, at once ===');
const checksStarted = Date.now();
const checks = await runChecks();
for (const check of checks.filter((result) => !result.passed)) {
  fail(`${check.label} failed`);
  failures.push(`[${check.label}] failed: its output is above`);
}
timed(
  `checks (${checks.map((check) => `${check.label} ${check.seconds.toFixed(0)} s`).join(', ')})`,
  checksStarted,
);

// Built once, up front, when stale: the benchmark's smoke run (phase one) serves the client, and the
// journeys serve both; a build in the middle of a phase would cost that phase a minute.
ensureClientBuild();
await ensureServerBundle();

vitest('unit and API tests on PGlite', [], { TEST_DB_DRIVER: 'pglite' });
if (databaseUrl) {
  vitest('API tests on PostgreSQL', ['src/server'], {
    TEST_DB_DRIVER: 'postgres',
    TEST_DATABASE_URL: databaseUrl,
  });
} else {
  console.log('\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run.');
}

if (existsSync(chrome)) {
  vitest('browser journeys in Chromium', ['--config', 'e2e/vitest.config.ts'], { CHROME_PATH: chrome });
} else {
  console.log(`\nNo Chromium at ${chrome}: skipping the browser journeys (set CHROME_PATH).`);
}

console.log(`\n${timings.join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
