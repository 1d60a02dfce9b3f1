/**
 * `npm run bench:rings-real -- <folder> [options]`: the ring engine on public real-world instances
 * (bench/rings-real/README.md lists them, their sources and licences, and how to fetch them),
 * checked against the exact optimum that COIN-OR CBC finds independently (bench/rings-real/exact.ts).
 *
 * Each instance runs `npm run rings:clear` in a process of its own, as an operator would, with
 * every acceptance probability 1, so the objective is the number of items traded. Printed, and
 * appended to bench/results.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { appendResults, currentLoad, machineInfo } from './report';
import { solveExactly } from './rings-real/exact';
import { type Instance, readInstance } from './rings-real/instances';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results.md', import.meta.url));
const CLI = join(ROOT, 'src/server/modules/rings/clear/cli.ts');

/** Issue budgets: share of the exact optimum, and how far past its limit a run may end. */
const BUDGET = { ratio: 0.995, overrun: 1.1 };

const USAGE = `Usage: npm run bench:rings-real -- <folder> [options]

Clears every instance in <folder> (TradeMaximizer want lists, PrefLib 00036 kidney pools, KBEA
.LSSUM pools) with the ring engine and with CBC, and compares them.

  --lengths 3,5        longest rings to try (default 3,5)
  --time-limit S       the engine's time limit per run (default 30)
  --cbc-time-limit S   CBC's time limit per instance (default 600)
  --no-results         print only; do not write bench/results.md`;

interface EngineAnswer {
  itemsTraded: number;
  bound: number;
  optimal: boolean;
  seconds: number;
  peakRssMb: number;
}

function runEngine(file: string, instance: Instance, maxLength: number, timeLimit: number, dir: string) {
  let input = file;
  if (instance.kind !== 'math trade') {
    input = join(dir, `${instance.name}.json`);
    writeFileSync(input, JSON.stringify({ items: instance.items, arcs: instance.arcs }));
  }
  const started = performance.now();
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      CLI,
      input,
      '--json',
      '--max-length',
      String(maxLength),
      '--time-limit',
      String(timeLimit),
    ],
    { cwd: ROOT, maxBuffer: 1 << 28, encoding: 'utf8' },
  );
  const answer = JSON.parse(output) as EngineAnswer;
  return { ...answer, wallSeconds: (performance.now() - started) / 1000 };
}

function main() {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      lengths: { type: 'string' },
      'time-limit': { type: 'string' },
      'cbc-time-limit': { type: 'string' },
      'no-results': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const folder = resolve(positionals[0]!);
  const lengths = (values.lengths ?? '3,5').split(',').map(Number);
  const timeLimit = Number(values['time-limit'] ?? 30);
  const cbcLimit = Number(values['cbc-time-limit'] ?? 600);
  const files = readdirSync(folder)
    .filter((name) => /\.(txt|LSSUM|wmd)$/.test(name))
    .sort()
    .map((name) => join(folder, name));
  const dir = mkdtempSync(join(tmpdir(), 'rings-real-'));
  const rows: string[] = [];
  let failures = 0;
  try {
    for (const file of files) {
      const instance = readInstance(file);
      for (const maxLength of lengths) {
        const load = currentLoad();
        const engine = runEngine(file, instance, maxLength, timeLimit, dir);
        const exact = solveExactly(instance, maxLength, cbcLimit);
        const ratio = exact.optimum === 0 ? 1 : engine.itemsTraded / exact.optimum;
        const boundHolds = engine.bound + 1e-6 >= exact.optimum;
        const inTime = engine.seconds <= timeLimit * BUDGET.overrun;
        const claimHolds = !engine.optimal || engine.itemsTraded === exact.optimum;
        const ok = ratio >= BUDGET.ratio && boundHolds && inTime && claimHolds && exact.proven;
        if (!ok) failures += 1;
        const row = [
          instance.name,
          instance.kind,
          instance.items.length,
          instance.arcs.length,
          maxLength,
          exact.cycles,
          exact.optimum + (exact.proven ? '' : ' (not proven)'),
          engine.itemsTraded,
          `${(ratio * 100).toFixed(2)} %`,
          engine.bound.toFixed(2) + (boundHolds ? '' : ' BELOW'),
          engine.optimal ? 'yes' : 'no',
          `${engine.seconds.toFixed(1)} s`,
          `${Math.round(engine.peakRssMb)} MB`,
          `${exact.seconds.toFixed(1)} s`,
          load,
          ok ? 'met' : 'MISSED',
        ];
        rows.push(`| ${row.join(' | ')} |`);
        console.log(rows.at(-1));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const machine = machineInfo();
  const section = [
    `## Swap rings on real data, ${new Date().toISOString()}`,
    '',
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}. Engine time limit ${timeLimit} s, CBC ${cbcLimit} s; ` +
      `budgets: ≥ ${BUDGET.ratio * 100} % of CBC's optimum, bound never below it, done within ` +
      `${Math.round((BUDGET.overrun - 1) * 100)} % of the limit, "optimal" only when it is. ` +
      'Instances and sources: bench/rings-real/README.md.',
    '',
    '| instance | kind | items | arcs | max length | cycles | optimum (CBC) | engine | share | engine bound | engine says optimal | engine time | engine memory | CBC time | load | budget |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  console.log(`\n${failures ? `${failures} run(s) missed a budget` : 'Every run met its budgets'}`);
  if (!values['no-results']) appendResults(RESULTS, section);
}

main();
