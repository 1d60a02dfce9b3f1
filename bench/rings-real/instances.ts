/**
 * Readers for the public instances of the real-data ring benchmark (bench/rings-real/README.md):
 * board-game math trades in TradeMaximizer's format, and kidney-exchange pools in PrefLib's
 * 00036 format and in the KBEA `.LSSUM` format. Each becomes the JSON market of
 * `npm run rings:clear` (items with owners, arcs `from → to`: from's owner would give it for to).
 *
 * Kidney pools are cycles-only here: altruistic donors are left out (the engine's chains start at
 * giveaways, which these files do not describe), and every pair is its own owner.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseTradeMaximizer } from '../../src/server/modules/rings/clear/want-lists';

export interface Instance {
  name: string;
  kind: 'math trade' | 'kidney exchange';
  /** The file `npm run rings:clear` reads: the original for math trades, else a JSON market. */
  items: Array<{ id: string; owner: string }>;
  arcs: Array<[string, string]>;
}

/** PrefLib 00036: `i,j,w` lines; alternatives named "Alturist"/"Altruist" are donors without a patient. */
function readPreflib(name: string, text: string): Instance {
  const altruists = new Set<string>();
  for (const match of text.matchAll(/^# ALTERNATIVE NAME (\d+): Al[a-z]*ist/gim)) altruists.add(match[1]!);
  const ids = new Set<string>();
  const arcs: Array<[string, string]> = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const [from, to] = line.split(',');
    if (!from || !to || altruists.has(from) || altruists.has(to)) continue;
    ids.add(from);
    ids.add(to);
    // PrefLib's edge i → j: i's donor gives to j's patient, so pair j takes i's kidney: in the
    // market's terms the owner of i would give it for j's item.
    arcs.push([from, to]);
  }
  return { name, kind: 'kidney exchange', items: [...ids].map((id) => ({ id, owner: id })), arcs };
}

/** KBEA `.LSSUM`: n, m, the vertices ("a" suffix: altruist; "source"), then `[ from to weight … ]`. */
function readLssum(name: string, text: string): Instance {
  const edges = text
    .slice(text.indexOf('[') + 1, text.lastIndexOf(']'))
    .trim()
    .split('\n');
  const ids = new Set<string>();
  const arcs: Array<[string, string]> = [];
  for (const line of edges) {
    const [from, to] = line.trim().split(/\s+/);
    if (!from || !to || /a$/.test(from) || /a$/.test(to) || from === 'source' || to === 'source') continue;
    ids.add(from);
    ids.add(to);
    arcs.push([from, to]);
  }
  return { name, kind: 'kidney exchange', items: [...ids].map((id) => ({ id, owner: id })), arcs };
}

export function readInstance(file: string): Instance {
  const text = readFileSync(file, 'utf8');
  const name = basename(file).replace(/\.[^.]+$/, '');
  if (file.endsWith('.LSSUM')) return readLssum(name, text);
  if (/^# (TITLE|FILE NAME):/m.test(text) && /Kidney/i.test(text)) return readPreflib(name, text);
  const market = parseTradeMaximizer(text);
  return {
    name,
    kind: 'math trade',
    items: market.items.map((item) => ({ id: item.id, owner: item.owner })),
    arcs: market.arcs.map(([from, to]) => [from, to] as [string, string]),
  };
}
