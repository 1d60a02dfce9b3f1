import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { machineInfo } from './report';
import { RING_BUDGETS, type RingBenchReport } from './rings-run';

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const fixed = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (value: number, digits = 2) => `${fixed(value * 100, digits)} %`;
const verdict = (ok: boolean) => (ok ? 'ok' : '**MISSED**');

/** The heading every ring-benchmark section sits under in bench/results.md. */
export const RINGS_HEADING = '## Swap rings (`npm run bench:rings`)';

export function renderRingReport(report: RingBenchReport): string {
  const machine = machineInfo();
  const { market, repack, incremental, inWorker } = report;
  const lines: string[] = [];
  const when = report.startedAt.slice(0, 16).replace('T', ' ');
  lines.push(`### ${when} UTC: ${report.scale} scale (seed ${report.seed})`, '');
  lines.push(
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb.toFixed(1)} GB RAM; Node ${machine.node}. ` +
      `Load average (1 min) at start ${report.load.start.toFixed(2)}, at end ${report.load.end.toFixed(2)}: the machine is shared, so times may be pessimistic.`,
  );
  const byLength = Object.entries(report.cycles.byLength)
    .map(([length, count]) => `${int(count)} of ${length}`)
    .join(', ');
  lines.push(
    `- Market: ${int(market.members)} members, ${int(market.items)} items, ${int(market.arcs)} arcs; ` +
      `mean acceptance ${fixed(market.meanAcceptance, 2)}.`,
    `- Cycles in the engine's final pool (the LP's columns): ${byLength || 'none'}; ` +
      `${int(report.cycles.itemsCovered)} items are in a cycle of at most 3.`,
    `- Re-pack (every cycle of up to 5): ${int(repack.rounds)} rounds (LP solves, or subgradient runs on the Lagrangian way), ${int(repack.fullPasses)} full pricing passes, ` +
      `${int(repack.columns)} cycles in the final pool; bound from ${repack.boundKind === 'lp' ? 'the LP over every cycle (pricing found none left)' : repack.boundKind === 'lagrangian' ? 'the duals or multipliers of a full pricing pass, repaired to cover what it found (Lagrangian)' : repack.boundKind === 'integer' ? 'the completion step (integer optimum over every cycle that could beat the packing)' : '**no full pricing pass in time: the trivial bound Σ p_i · pmax**'} ` +
      `after ${fixed(repack.boundSeconds, 1)} s; ${repack.optimal ? 'proven optimal' : 'not proven optimal'}.`,
    '',
  );
  lines.push('| Figure | Measured | Budget | |', '| --- | ---: | ---: | --- |');
  lines.push(
    `| Re-pack time (bound + packing, rings ≤ 5), wall clock | ${fixed(repack.seconds, 2)} s | ≤ ${RING_BUDGETS.repackSec} s | ${verdict(repack.seconds <= RING_BUDGETS.repackSec)} |`,
    `| Re-pack CPU time (what it costs on an idle core) | ${fixed(repack.cpuSeconds, 2)} s | ≤ ${RING_BUDGETS.repackSec} s | ${verdict(repack.cpuSeconds <= RING_BUDGETS.repackSec)} |`,
    `| Honest bound (expected completed swaps) | ${fixed(repack.bound, 2)} | | |`,
    `| Packing value | ${fixed(repack.total, 2)} | | |`,
    `| Packing / bound | ${percent(repack.ratio, 3)} | ≥ ${percent(RING_BUDGETS.boundRatio, 1)} | ${verdict(repack.ratio >= RING_BUDGETS.boundRatio)} |`,
    `| Heuristic alone (on the final pool) / bound | ${percent(repack.heuristicRatio, 3)} | | |`,
    `| Incremental proposal p50 / p95 (max), ${int(incremental.samples)} new items, ${int(incremental.withRing)} with a ring, ${int(incremental.truncated)} long reads cut (left to the re-pack) | ${fixed(incremental.p50Ms, 1)} / ${fixed(incremental.p95Ms, 1)} ms (${fixed(incremental.maxMs, 0)}) | p95 ≤ ${RING_BUDGETS.incrementalP95Ms} ms | ${verdict(incremental.p95Ms <= RING_BUDGETS.incrementalP95Ms)} |`,
    `| Incremental proposal CPU time p50 / p95 | ${fixed(incremental.cpuP50Ms, 1)} / ${fixed(incremental.cpuP95Ms, 1)} ms | p95 ≤ ${RING_BUDGETS.incrementalP95Ms} ms | ${verdict(incremental.cpuP95Ms <= RING_BUDGETS.incrementalP95Ms)} |`,
    `| The app's re-pack in its worker thread (cycles ≤ 5: graph, search, packing), wall clock | ${fixed(inWorker.seconds, 2)} s | | |`,
    ...[
      ['while it runs', inWorker.during],
      ['for 5 s just before, no re-pack (baseline)', inWorker.baseline],
    ].map(([when, figures]) => {
      const f = figures as typeof inWorker.during;
      const budget = when === 'while it runs' ? `p99 ≤ ${RING_BUDGETS.listDuringRepackP99Ms} ms` : '';
      const mark = budget ? verdict(f.errors === 0 && f.listP99Ms <= RING_BUDGETS.listDuringRepackP99Ms) : '';
      return `| List p50 / p99 (max) ${when}: ${int(f.requests)} requests from another process, ${int(f.errors)} errors; event-loop delay p99 ${fixed(f.loopP99Ms, 1)} ms | ${fixed(f.listP50Ms, 0)} / ${fixed(f.listP99Ms, 0)} ms (${fixed(f.listMaxMs, 0)}) | ${budget} | ${mark} |`;
    }),
    `| Engine peak memory (RSS up to the ≤ 5 clearing) | ${int(report.engineRssMb)} MB | ≤ ${int(RING_BUDGETS.memoryMb)} MB | ${verdict(report.engineRssMb <= RING_BUDGETS.memoryMb)} |`,
    `| Peak memory, whole run (with the unbounded comparison's LP) | ${int(report.peakRssMb)} MB | | |`,
    '',
  );
  lines.push(
    'The same market cleared four ways (expected completed swaps: each ring completes when every member accepts, with their own probability, mean as above):',
    '',
    '| Clearing | Candidates | Rings | Items traded | Expected completed swaps | Ring lengths |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  );
  for (const row of report.clearing) {
    const entries = Object.entries(row.lengths).map(([length, count]) => `${int(count)}×${length}`);
    const shown =
      entries.length > 6
        ? `${entries.slice(0, 5).join(', ')}, … (longest ${row.longest})`
        : entries.join(', ');
    const candidates =
      row.key === 'unbounded' ? `${int(row.candidates)} arcs` : `${int(row.candidates)} cycles`;
    lines.push(
      `| ${row.label} | ${candidates} | ${int(row.rings)} | ${int(row.itemsTraded)} | ${fixed(row.expectedSwaps, 1)} | ${shown || '–'} |`,
    );
  }
  lines.push(
    '',
    '| Phase | Wall clock | CPU | Heap after | RSS after |',
    '| --- | ---: | ---: | ---: | ---: |',
  );
  for (const phase of report.phases)
    lines.push(
      `| ${phase.label} | ${fixed(phase.seconds, 2)} s | ${fixed(phase.cpuSeconds, 2)} s | ${int(phase.heapMb)} MB | ${int(phase.rssMb)} MB |`,
    );
  return `${lines.join('\n')}\n`;
}

/**
 * Puts a run under the "Swap rings" heading of bench/results.md, replacing the previous run at
 * the same scale (one current figure per scale; git keeps the history).
 */
export function saveRingReport(file: string, report: RingBenchReport, section: string) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const start = text.indexOf(RINGS_HEADING);
  const before = start === -1 ? text.trimEnd() : text.slice(0, start).trimEnd();
  const rest = start === -1 ? '' : text.slice(start + RINGS_HEADING.length);
  const nextSection = rest.search(/\n## /);
  const body = nextSection === -1 ? rest : rest.slice(0, nextSection);
  const after = nextSection === -1 ? '' : rest.slice(nextSection);
  const runs = body
    .split(/\n(?=### )/)
    .map((part) => part.trim())
    .filter((part) => part.startsWith('### ') && !part.includes(`: ${report.scale} scale`));
  const intro =
    'Written by `npm run bench:rings`: the ring engine clearing a synthetic market (bench/rings-market.ts), ' +
    'the latest run per scale. Budgets: RING_BUDGETS in bench/rings-run.ts (docs/decisions/007-swap-rings.md).';
  const content = [RINGS_HEADING, '', intro, '', ...[...runs, section.trim()].map((run) => `${run}\n`)].join(
    '\n',
  );
  writeFileSync(file, `${before}\n\n${content}${after ? `\n${after.trimStart()}` : ''}`);
}
