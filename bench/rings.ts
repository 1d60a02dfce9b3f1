/**
 * `npm run bench:rings [-- options]`: the swap-ring engine on a synthetic market of 10k members
 * and 100k items (docs/decisions/007-swap-rings.md). Printed, and saved under "Swap rings" in
 * bench/results.md.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderRingReport, saveRingReport } from './rings-report';
import { DEFAULT_RING_OPTIONS, runRingBench } from './rings-run';
import { MARKET_SCALES, type MarketScaleName } from './rings-market';

const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));

const USAGE = `Usage: npm run bench:rings [-- options]

Generates a seeded market, clears it with the ring engine (cycles, LP bound, exact packing,
incremental proposals) and four ways for comparison, and prints each figure next to its budget.

  --scale full|small|tiny   full = 10k members, 100k items (default); small = 1k / 10k; tiny = 60 / 600
  --seed N                  market seed (default ${DEFAULT_RING_OPTIONS.seed})
  --samples N               incremental proposals measured (default ${DEFAULT_RING_OPTIONS.samples})
  --time-limit S            seconds the integer solver may take per packing (default ${DEFAULT_RING_OPTIONS.timeLimitSec})
  --cover-time-limit S      seconds the unbounded cover's LP may take (default ${DEFAULT_RING_OPTIONS.coverTimeLimitSec})
  --no-results              print only; do not write bench/results.md`;

function number(value: string | undefined, name: string, fallback: number) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(`--${name} must be a whole number, at least 1`);
  return parsed;
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      scale: { type: 'string' },
      seed: { type: 'string' },
      samples: { type: 'string' },
      'time-limit': { type: 'string' },
      'cover-time-limit': { type: 'string' },
      'no-results': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const scale = values.scale ?? DEFAULT_RING_OPTIONS.scale;
  if (!(scale in MARKET_SCALES))
    throw new Error(`--scale must be one of ${Object.keys(MARKET_SCALES).join(', ')}`);
  const report = await runRingBench({
    scale: scale as MarketScaleName,
    seed: number(values.seed, 'seed', DEFAULT_RING_OPTIONS.seed),
    samples: number(values.samples, 'samples', DEFAULT_RING_OPTIONS.samples),
    timeLimitSec: number(values['time-limit'], 'time-limit', DEFAULT_RING_OPTIONS.timeLimitSec),
    coverTimeLimitSec: number(
      values['cover-time-limit'],
      'cover-time-limit',
      DEFAULT_RING_OPTIONS.coverTimeLimitSec,
    ),
    log: (line) => console.log(line),
  });
  const section = renderRingReport(report);
  console.log(`\n${section}`);
  if (!values['no-results']) {
    saveRingReport(RESULTS, report, section);
    console.log(`Saved to ${RESULTS}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.message}\n\n${USAGE}` : error);
  process.exitCode = 1;
});
