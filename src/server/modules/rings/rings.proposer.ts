import { inArray } from 'drizzle-orm';
import { acceptanceRate } from '../../../common/domain/ring-state';
import { CONDITION_LABELS, CONDITION_RANK, CONDITIONS } from '../../../common/domain/taxonomy';
import { swapRules } from '../../db/schema';
import type { RingTimers } from '../../env';
import type { ServiceContext } from '../../lib/service-context';
import { cyclesThrough, findCycles } from './engine/cycles';
import { buildGraph, type Cycle, cycleKey } from './engine/graph';
import { packCycles, ringWeight } from './engine/packing';
import { acceptanceRecords, createRing, type ProposedLeg, rejectedItemSets } from './rings.service';
import { loadWantGraph, type WantArc } from './want-graph';

type RuleRow = typeof swapRules.$inferSelect;

/** "shoes · size 9 · Dr. Martens · Good or better · 0.67–1.5× the value given". */
function describeRule(rule: RuleRow) {
  const parts: string[] = [];
  if (rule.gender) parts.push(rule.gender);
  if (rule.category) parts.push(rule.category);
  if (rule.sizes.length > 0) parts.push(`size ${rule.sizes.join('/')}`);
  if (rule.brands.length > 0) parts.push(rule.brands.join('/'));
  if (rule.colors.length > 0) parts.push(rule.colors.join('/').toLowerCase());
  const condition = CONDITIONS.find((c) => CONDITION_RANK[c] === rule.minConditionRank);
  if (condition) parts.push(`${CONDITION_LABELS[condition]} or better`);
  const band = `${Math.round(rule.minValueRatio * 100) / 100}–${Math.round(rule.maxValueRatio * 100) / 100}× the value given`;
  return [...parts, band].join(' · ');
}

function describeArc(arc: WantArc | undefined, rules: Map<string, RuleRow>) {
  if (!arc) return 'it is on their wish list';
  if (arc.kind === 'favorite') return 'they favourited it';
  if (arc.kind === 'wishlist') return `it matches their wishlist entry "${arc.ref}"`;
  const rule = arc.ref ? rules.get(arc.ref) : undefined;
  return rule ? `it matches their swap rule (${describeRule(rule)})` : 'it matches their swap rule';
}

/**
 * Proposes rings (docs/decisions/007-swap-rings.md). With `focus`, the incremental pass: only cycles
 * through those items (a new listing, or the items of a member whose wants changed). Without it, the
 * global re-pack of every free item. Either way the cycles are packed item-disjoint by expected
 * completed swaps and each chosen ring is created in its own transaction, which re-checks it under
 * the items' locks. Answers the ids of the rings created.
 */
export async function proposeRings(
  ctx: ServiceContext,
  timers: RingTimers,
  now: Date,
  focus?: string[],
): Promise<string[]> {
  const want = await loadWantGraph(ctx.db);
  if (want.arcs.length === 0) return [];
  const graph = buildGraph(want.items, want.arcs);
  let cycles: Cycle[];
  if (focus) {
    const found = new Map<string, Cycle>();
    for (const id of focus) {
      const index = graph.index.get(id);
      if (index === undefined) continue;
      for (const cycle of cyclesThrough(graph, index)) found.set(cycleKey(cycle), cycle);
    }
    cycles = [...found.values()];
  } else {
    cycles = findCycles(graph);
  }
  const rejected = await rejectedItemSets(
    ctx.db,
    [...new Set(cycles.flat())].map((i) => graph.items[i]?.id ?? ''),
  );
  const itemSet = (cycle: Cycle) =>
    cycle
      .map((i) => graph.items[i]?.id ?? '')
      .sort()
      .join(',');
  cycles = cycles.filter((cycle) => !rejected.has(itemSet(cycle)));
  if (cycles.length === 0) return [];
  const ownerOf = (index: number) => graph.items[index]?.ownerId ?? '';
  const records = await acceptanceRecords(ctx.db, [...new Set(cycles.flat().map(ownerOf))]);
  const p = (memberId: string) => {
    const record = records.get(memberId);
    return acceptanceRate(record?.accepted ?? 0, record?.proposed ?? 0);
  };
  const weights = cycles.map((cycle) => ringWeight(cycle.map((index) => p(ownerOf(index)))));
  const packing = packCycles(cycles, weights);

  const arcs = new Map(want.arcs.map((arc) => [`${arc.from}>${arc.to}`, arc]));
  const ruleIds = [
    ...new Set(want.arcs.filter((arc) => arc.kind === 'rule' && arc.ref).map((arc) => arc.ref as string)),
  ];
  const rules = new Map(
    (ruleIds.length === 0
      ? []
      : await ctx.db.select().from(swapRules).where(inArray(swapRules.id, ruleIds))
    ).map((rule) => [rule.id, rule]),
  );
  const created: string[] = [];
  for (const chosen of packing.chosen) {
    const cycle = cycles[chosen] ?? [];
    // Arc c[k-1] → c[k]: the owner of c[k-1] gives it and receives c[k].
    const legs: ProposedLeg[] = cycle.map((index, k) => {
      const previous = cycle[(k - 1 + cycle.length) % cycle.length] ?? index;
      const itemId = graph.items[index]?.id ?? '';
      const previousId = graph.items[previous]?.id ?? '';
      return {
        itemId,
        giverId: ownerOf(index),
        receiverId: ownerOf(previous),
        reason: describeArc(arcs.get(`${previousId}>${itemId}`), rules),
      };
    });
    const id = await createRing(ctx, legs, weights[chosen] ?? 0, now, timers);
    if (id) created.push(id);
  }
  return created;
}
