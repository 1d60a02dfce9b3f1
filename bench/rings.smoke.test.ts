/**
 * The ring benchmark at a tiny scale, so that it cannot rot: every phase runs, the figures are
 * consistent with each other and the report shows them. No timing is asserted (budgets are
 * printed by the benchmark, never asserted: this machine is shared).
 */
import { describe, expect, it } from 'vitest';
import { generateMarket, MARKET_SCALES } from './rings-market';
import { renderRingReport } from './rings-report';
import { runRingBench } from './rings-run';

describe('ring benchmark smoke run', () => {
  it('generates the same market from the same seed, with arcs sorted and no self-swaps', () => {
    const a = generateMarket(MARKET_SCALES.tiny, 3);
    const b = generateMarket(MARKET_SCALES.tiny, 3);
    expect(a.from).toEqual(b.from);
    expect(a.to).toEqual(b.to);
    expect(a.from.length).toBeGreaterThan(0);
    for (let k = 0; k < a.from.length; k++) {
      expect(a.owner[a.from[k]!]).not.toBe(a.owner[a.to[k]!]);
      if (k > 0) expect(a.from[k - 1]! < a.from[k]! || a.to[k - 1]! < a.to[k]!).toBe(true);
    }
  });

  it('clears a tiny market four ways and reports every figure', async () => {
    const report = await runRingBench({
      scale: 'tiny',
      seed: 16,
      samples: 20,
      timeLimitSec: 10,
      coverTimeLimitSec: 60,
      log: () => undefined,
    });
    expect(report.market.arcs).toBeGreaterThan(0);
    expect(report.repack.bound).toBeGreaterThan(0);
    // The packing never beats the LP bound and, solved exactly, never loses to the heuristic.
    expect(report.repack.total).toBeLessThanOrEqual(report.repack.bound + 1e-9);
    expect(report.repack.total).toBeGreaterThanOrEqual(report.repack.heuristic - 1e-9);
    expect(report.repack.optimal).toBe(true);
    expect(report.incremental.samples).toBe(20);
    expect(report.clearing.map((row) => row.key)).toEqual(['pairs', 'rings3', 'rings5', 'unbounded']);
    const traded = Object.fromEntries(report.clearing.map((row) => [row.key, row.itemsTraded]));
    // Longer rings allowed, at least as many items trade; the unbounded cover trades the most.
    expect(traded.rings5).toBeGreaterThanOrEqual(traded.rings3 ?? 0);
    expect(traded.unbounded).toBeGreaterThanOrEqual(traded.rings5 ?? 0);
    const markdown = renderRingReport(report);
    expect(markdown).toContain('Packing / bound');
    expect(markdown).toContain('TradeMaximizer');
    expect(markdown).toContain('Incremental proposal');
  }, 120_000);
});
