/**
 * The independent check of the real-data ring benchmark: the exact optimum of the ring packing,
 * found by COIN-OR CBC (Debian's `coinor-cbc`) on the cycle formulation, with nothing of the
 * engine's code. Every cycle of 2..maxLength items in which each owner appears once (the app's
 * rule for a ring) is enumerated here; the integer program takes each cycle at most once, each
 * item in at most one cycle, and maximises the items traded (every acceptance probability 1).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Instance } from './instances';

export interface ExactResult {
  cycles: number;
  /** The best packing's items traded, and whether CBC proved it optimal within its time limit. */
  optimum: number;
  proven: boolean;
  seconds: number;
}

/** Every cycle of 2..maxLength items with distinct owners, each once (its smallest item first). */
export function enumerateCycles(instance: Instance, maxLength: number, limit = 20_000_000): number[][] {
  const index = new Map(instance.items.map((item, i) => [item.id, i]));
  const owner = instance.items.map((item) => item.owner);
  const out: number[][] = instance.items.map(() => []);
  const into: number[][] = instance.items.map(() => []);
  for (const [from, to] of instance.arcs) {
    const i = index.get(from);
    const j = index.get(to);
    if (i === undefined || j === undefined || i === j) continue;
    out[i]!.push(j);
    into[j]!.push(i);
  }
  const cycles: number[][] = [];
  const n = instance.items.length;
  // back[v]: fewest arcs from v back to the start through items above the start (≤ maxLength − 1).
  const back = new Int32Array(n);
  const path: number[] = [];
  const owners = new Set<string>();
  for (let start = 0; start < n; start += 1) {
    back.fill(-1);
    back[start] = 0;
    let frontier = [start];
    for (let d = 1; d < maxLength && frontier.length; d += 1) {
      const next: number[] = [];
      for (const v of frontier)
        for (const u of into[v]!)
          if (u > start && back[u] === -1) {
            back[u] = d;
            next.push(u);
          }
      frontier = next;
    }
    const walk = (v: number) => {
      for (const w of out[v]!) {
        if (w === start && path.length >= 2) {
          cycles.push([...path]);
          if (cycles.length > limit) throw new Error(`more than ${limit} cycles`);
          continue;
        }
        // With w the cycle has path.length + 1 items, and back[w] − 1 more before the start.
        if (w <= start || back[w] === -1 || path.length + back[w]! > maxLength) continue;
        if (owners.has(owner[w]!) || path.includes(w)) continue;
        path.push(w);
        owners.add(owner[w]!);
        walk(w);
        owners.delete(owner[w]!);
        path.pop();
      }
    };
    path.push(start);
    owners.add(owner[start]!);
    walk(start);
    owners.clear();
    path.length = 0;
  }
  return cycles;
}

/** Solves the cycle formulation with CBC (`cbc` on the PATH) and reads back its objective. */
export function solveExactly(instance: Instance, maxLength: number, timeLimitSec: number): ExactResult {
  const started = performance.now();
  const cycles = enumerateCycles(instance, maxLength);
  const dir = mkdtempSync(join(tmpdir(), 'rings-exact-'));
  try {
    const lines = ['Maximize', ' obj:'];
    const terms = cycles.map((cycle, k) => `${cycle.length} x${k}`);
    for (let k = 0; k < terms.length; k += 12) lines.push(`  + ${terms.slice(k, k + 12).join(' + ')}`);
    if (!terms.length) lines.push('  0 x0');
    lines.push('Subject To');
    const byItem = new Map<number, number[]>();
    cycles.forEach((cycle, k) => {
      for (const item of cycle) (byItem.get(item) ?? byItem.set(item, []).get(item)!).push(k);
    });
    for (const [item, list] of byItem) {
      if (list.length < 2) continue;
      lines.push(` i${item}:`);
      for (let k = 0; k < list.length; k += 12)
        lines.push(
          `  ${k ? '+ ' : ''}${list
            .slice(k, k + 12)
            .map((c) => `x${c}`)
            .join(' + ')}`,
        );
      lines.push('  <= 1');
    }
    lines.push('Binary');
    for (let k = 0; k < Math.max(cycles.length, 1); k += 20)
      lines.push(
        `  ${Array.from({ length: Math.min(20, Math.max(cycles.length, 1) - k) }, (_, j) => `x${k + j}`).join(' ')}`,
      );
    lines.push('End');
    const model = join(dir, 'model.lp');
    const solution = join(dir, 'solution.txt');
    writeFileSync(model, lines.join('\n'));
    execFileSync('cbc', [model, 'sec', String(timeLimitSec), 'solve', 'solu', solution], {
      stdio: 'ignore',
      maxBuffer: 1 << 26,
    });
    const head = readFileSync(solution, 'utf8').split('\n')[0] ?? '';
    const value = Number(/objective value\s+(-?[\d.e+]+)/i.exec(head)?.[1] ?? NaN);
    return {
      cycles: cycles.length,
      optimum: Math.round(value),
      proven: /^Optimal/i.test(head),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
