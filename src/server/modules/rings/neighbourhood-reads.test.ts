import { describe, expect, it } from 'vitest';
import { type ArcSource, cyclesAround, DEFAULT_NEIGHBOURHOOD_OPTIONS } from './neighbourhood';
import type { ArcScope, GraphItem, WantArc } from './want-graph';

/**
 * How the incremental pass reads a neighbourhood (docs/rings.md, "Proposals in detail"),
 * on an in-memory graph whose every read is recorded: the hops out and in go at once, the read
 * between them is made per changed item, and no item's arcs are read twice in one pass.
 */

/** Items named `owner.n`; arcs as "from>to"; each read takes `delay(scope)` ms (2 by default). */
function memorySource(arcs: string[], delay: (scope: ArcScope) => number = () => 2) {
  const rows: WantArc[] = arcs.map((arc) => {
    const [from = '', to = ''] = arc.split('>');
    return { from, to, kind: 'rule', ref: null };
  });
  const reads: ArcScope[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const itemReads: string[][] = [];
  const source: ArcSource = {
    arcs: async (scope) => {
      reads.push(scope);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, delay(scope)));
      inFlight--;
      const from = scope.from ? new Set(scope.from) : null;
      const to = scope.to ? new Set(scope.to) : null;
      return rows.filter((row) => (!from || from.has(row.from)) && (!to || to.has(row.to)));
    },
    items: async (ids) => {
      itemReads.push(ids);
      return [...ids]
        .sort()
        .map((id): GraphItem => ({ id, ownerId: id.split('.')[0] ?? '', estimatedValue: 5000 }));
    },
  };
  return { source, reads, itemReads, mostInFlight: () => mostInFlight };
}

const untimed = { ...DEFAULT_NEIGHBOURHOOD_OPTIONS, longBudgetMs: Number.POSITIVE_INFINITY };

/** The member "m" has three listings: m.1 and m.3 each close a 3-ring of their own, m.2 a 4-ring. */
const market = [
  // m.1 → x1 → y1 → m.1, and arcs that close nothing.
  'm.1>x1.1',
  'x1.1>y1.1',
  'y1.1>m.1',
  'm.1>d.1',
  'e.1>m.1',
  // m.3 → x3 → y3 → m.3; x1 would also take y3 (an arc no ring through one item uses).
  'm.3>x3.1',
  'x3.1>y3.1',
  'y3.1>m.3',
  'x1.1>y3.1',
  // m.2 → p → q → r → m.2.
  'm.2>p.1',
  'p.1>q.1',
  'q.1>r.1',
  'r.1>m.2',
];

const cycleNames = (near: Awaited<ReturnType<typeof cyclesAround>>) =>
  near.cycles.map((cycle) => cycle.map((index) => near.graph.items[index]?.id).join('>')).sort();

describe('neighbourhood reads', () => {
  it('reads the hops out and in at once, and the arcs between them per changed item', async () => {
    const { source, reads, mostInFlight } = memorySource(market);
    const near = await cyclesAround(source, ['m.1', 'm.3'], untimed);
    expect(cycleNames(near)).toEqual(['m.1>x1.1>y1.1', 'm.3>x3.1>y3.1']);
    expect(mostInFlight()).toBeGreaterThanOrEqual(2);
    // The first two reads are the hop out and the hop in, issued together.
    expect(reads.slice(0, 2)).toEqual([{ from: ['m.1', 'm.3'] }, { to: ['m.1', 'm.3'] }]);
    // Then one read between the lists of each item: never x1 (m.1's) against y3 (m.3's). The long
    // phase (rings of 4–5, for both items) adds one read between everything it reached.
    const between = reads.filter((scope) => scope.from && scope.to).slice(0, 2);
    expect(between).toEqual(
      expect.arrayContaining([
        { from: ['d.1', 'x1.1'], to: ['e.1', 'y1.1'] },
        { from: ['x3.1'], to: ['y3.1'] },
      ]),
    );
    expect(between).toHaveLength(2);
  });

  it('reads no item’s arcs twice, nor any item twice, when the long phase follows the short one', async () => {
    const { source, reads, itemReads } = memorySource(market);
    const near = await cyclesAround(source, ['m.1', 'm.2'], untimed);
    expect(cycleNames(near)).toEqual(['m.1>x1.1>y1.1', 'm.2>p.1>q.1>r.1']);
    expect(near.stats).toMatchObject({ longFocus: 2, truncated: false });
    for (const side of ['from', 'to'] as const) {
      const ids = reads.filter((scope) => !(scope.from && scope.to)).flatMap((scope) => scope[side] ?? []);
      expect(ids.length, `items read by ${side}`).toBe(new Set(ids).size);
    }
    const items = itemReads.flat();
    expect(items.length).toBe(new Set(items).size);
  });

  it('does not wait past the long phase’s deadline for a read still running', async () => {
    // The long phase's hops (out of p, into r: items other than the focus) take 3 s each.
    const slow = (scope: ArcScope) =>
      scope.from && scope.to
        ? 2
        : (scope.from ?? scope.to ?? []).some((id) => id.startsWith('m.'))
          ? 2
          : 3000;
    const { source } = memorySource(market, slow);
    const options = { ...DEFAULT_NEIGHBOURHOOD_OPTIONS, longBudgetMs: 100 };
    const started = performance.now();
    const near = await cyclesAround(source, ['m.1', 'm.2'], options);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(cycleNames(near)).toEqual(['m.1>x1.1>y1.1']);
    expect(near.stats).toMatchObject({ longFocus: 2, truncated: true });
  });

  it('reads the long rings of an item that has a short one too (the packing weighs them)', async () => {
    // m.1 → x1 → y1 → m.1, and m.1 → x1 → y1 → z → m.1 as well. The old rule read long rings only
    // for items in no short ring, so the four-member ring was never a candidate.
    const { source } = memorySource([...market, 'y1.1>z.1', 'z.1>m.1']);
    const near = await cyclesAround(source, ['m.1'], untimed);
    expect(cycleNames(near)).toEqual(['m.1>x1.1>y1.1', 'm.1>x1.1>y1.1>z.1']);
    expect(near.stats).toMatchObject({ longFocus: 1, truncated: false });
  });
});
