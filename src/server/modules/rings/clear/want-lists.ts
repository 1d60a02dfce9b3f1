/**
 * Want lists read from a file for `npm run rings:clear` (README, "Clearing a market from a file"):
 * TradeMaximizer's text format or a JSON market. Both give items with owners and arcs
 * "from → to" meaning from's owner would give `from` for `to`, as the ring engine reads them.
 */

export interface FileItem {
  id: string;
  owner: string;
  /** Acceptance probability of the owner, when the file states one (JSON only). */
  p?: number;
}

export interface FileMarket {
  items: FileItem[];
  arcs: Array<[string, string]>;
  /** What was skipped or ignored, one line each (unknown items, repeated lists, ignored options). */
  warnings: string[];
}

export class WantListError extends Error {
  constructor(message: string, line?: number) {
    super(line === undefined ? message : `${message} (line ${line})`);
  }
}

/**
 * TradeMaximizer options that change how the lists are read; the rest are accepted and ignored
 * (see IGNORED_OPTIONS).
 */
const HONOURED_OPTIONS = new Set([
  'CASE-SENSITIVE',
  'REQUIRE-COLONS',
  'REQUIRE-USERNAMES',
  'ALLOW-DUMMIES',
  'EXPLICIT-PRIORITIES',
]);

/**
 * Options about priorities, costs, iterations and what TradeMaximizer prints. The ring engine
 * weighs a ring by its expected completed swaps, not by want-list ranks, and prints its own report,
 * so these have nothing to act on.
 */
const IGNORED_OPTIONS = [
  'LINEAR-PRIORITIES',
  'TRIANGLE-PRIORITIES',
  'SQUARE-PRIORITIES',
  'SCALED-PRIORITIES',
  'SMALL-STEP=',
  'BIG-STEP=',
  'NONTRADE-COST=',
  'ITERATIONS=',
  'SEED=',
  'METRIC=',
  'VERBOSE',
  'SHRINK=',
  'SHRINK-VERBOSE',
  'HIDE-ERRORS',
  'HIDE-REPEATS',
  'HIDE-LOOPS',
  'HIDE-SUMMARY',
  'HIDE-NONTRADES',
  'HIDE-STATS',
  'SHOW-MISSING',
  'SHOW-ELAPSED-TIME',
  'SHOW-WANTS',
  'SORT-BY-ITEM',
];

interface WantLine {
  user: string | null;
  item: string;
  wants: string[];
  line: number;
}

/**
 * TradeMaximizer's want-list format: one line per item, `(user) ITEM : WANT1 WANT2 ...` (the
 * username in parentheses, spaces allowed inside; the colon optional unless REQUIRE-COLONS), `#`
 * comment lines, `#!` option lines before the first list, `;` between priority groups and
 * `NAME=rank` annotations (priorities: read past), `!BEGIN-OFFICIAL-NAMES` … `!END-OFFICIAL-NAMES`
 * naming the items that may have lists, and dummy items, names starting with `%`, private to their
 * user. Names are compared in upper case unless CASE-SENSITIVE.
 *
 * A dummy item is not traded: with ALLOW-DUMMIES, a list naming one of its user's dummies wants
 * what that dummy wants (followed through chains of dummies), so a ring never passes a dummy.
 * Lists naming unknown items, an item's own name, items of the same user or a second list for one
 * item are read past with a warning, as TradeMaximizer reports them. An item without a username is
 * its own owner.
 */
export function parseTradeMaximizer(text: string): FileMarket {
  const warnings: string[] = [];
  const options = new Set<string>();
  let official: Set<string> | null = null;
  let readingOfficial = false;
  const lines: WantLine[] = [];
  const rows = text.split(/\r?\n/);
  const normal = (name: string) => (options.has('CASE-SENSITIVE') ? name : name.toUpperCase());
  for (let index = 0; index < rows.length; index++) {
    const number = index + 1;
    let line = (rows[index] ?? '').trim();
    if (line === '') continue;
    if (line.startsWith('#!')) {
      if (lines.length > 0 || official)
        throw new WantListError('Options (#!...) must come before the want lists and official names', number);
      for (const option of line.slice(2).trim().toUpperCase().split(/\s+/)) {
        if (option === '') continue;
        if (HONOURED_OPTIONS.has(option)) options.add(option);
        else if (
          IGNORED_OPTIONS.some((known) => (known.endsWith('=') ? option.startsWith(known) : option === known))
        )
          warnings.push(`Option ${option} ignored: rings are weighed by expected completed swaps`);
        else throw new WantListError(`Unknown option "${option}"`, number);
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    if (line.includes('#') && !readingOfficial)
      throw new WantListError('Comments (#...) cannot follow anything else on a line', number);
    if (line.toUpperCase() === '!BEGIN-OFFICIAL-NAMES') {
      if (official) throw new WantListError('Official names can be begun only once', number);
      if (lines.length > 0) throw new WantListError('Official names must come before the want lists', number);
      official = new Set();
      readingOfficial = true;
      continue;
    }
    if (line.toUpperCase() === '!END-OFFICIAL-NAMES') {
      if (!readingOfficial)
        throw new WantListError('!END-OFFICIAL-NAMES without !BEGIN-OFFICIAL-NAMES', number);
      readingOfficial = false;
      continue;
    }
    if (readingOfficial) {
      const name = line.split(/[:\s]/)[0] ?? '';
      if (name.startsWith(':') || name === '') throw new WantListError('An official name is missing', number);
      if (name.startsWith('%')) throw new WantListError('Dummy items have no official names', number);
      official?.add(normal(name));
      continue;
    }
    let user: string | null = null;
    if (line.startsWith('(')) {
      const close = line.indexOf(')');
      if (close === -1) throw new WantListError("Missing ')' after the username", number);
      if (close === 1) throw new WantListError('Empty username', number);
      user = line.slice(1, close);
      line = line.slice(close + 1).trim();
      if (line === '') throw new WantListError('A username alone on a line', number);
    } else if (options.has('REQUIRE-USERNAMES')) {
      throw new WantListError('Missing username with REQUIRE-USERNAMES', number);
    }
    if (line.includes('(') || line.includes(')'))
      throw new WantListError('A username can only start a want list', number);
    const colon = line.indexOf(':');
    if (colon === -1 && options.has('REQUIRE-COLONS'))
      throw new WantListError('Missing colon with REQUIRE-COLONS', number);
    if (colon !== -1 && line.lastIndexOf(':') !== colon)
      throw new WantListError('More than one colon on a line', number);
    const head = colon === -1 ? line : line.slice(0, colon);
    const headTokens = head.trim().split(/\s+/).filter(Boolean);
    if (colon !== -1 && headTokens.length !== 1)
      throw new WantListError('Exactly one item comes before a colon', number);
    const tokens = [
      ...headTokens,
      ...(colon === -1
        ? []
        : line
            .slice(colon + 1)
            .trim()
            .split(/\s+/)
            .filter(Boolean)),
    ].flatMap((token) => token.split(';').filter(Boolean));
    const [item, ...wants] = tokens;
    if (!item) throw new WantListError('A want list names no item', number);
    lines.push({ user, item: normal(item), wants: wants.map(normal), line: number });
  }
  if (readingOfficial) throw new WantListError('!BEGIN-OFFICIAL-NAMES without !END-OFFICIAL-NAMES');
  return buildTradeMaximizerMarket(lines, official, options, warnings);
}

function buildTradeMaximizerMarket(
  lines: WantLine[],
  official: Set<string> | null,
  options: Set<string>,
  warnings: string[],
): FileMarket {
  const dummyKey = (user: string, name: string) => `${name} for user ${user}`;
  const owners = new Map<string, string>();
  /** Wants of each item or dummy (by key), in the order listed. */
  const wantsOf = new Map<string, string[]>();
  const dummies = new Set<string>();
  const listed: string[] = [];
  for (const { user, item, wants, line } of lines) {
    let key = item;
    if (item.startsWith('%')) {
      if (user === null) {
        warnings.push(`Dummy item ${item} without a username ignored (line ${line})`);
        continue;
      }
      if (!options.has('ALLOW-DUMMIES')) {
        warnings.push(`Dummy item ${item} ignored: dummies need ALLOW-DUMMIES (line ${line})`);
        continue;
      }
      key = dummyKey(user, item);
      dummies.add(key);
    } else if (official && !official.has(item)) {
      warnings.push(`Want list for ${item} ignored: not an official name (line ${line})`);
      continue;
    }
    if (wantsOf.has(key)) {
      warnings.push(`Second want list for ${item} ignored (line ${line})`);
      continue;
    }
    owners.set(key, user ?? `item ${item}`);
    wantsOf.set(key, []);
    if (!item.startsWith('%')) listed.push(key);
    const resolved = wantsOf.get(key) ?? [];
    for (const raw of wants) {
      let name = raw;
      if (name.includes('=')) {
        if (!options.has('EXPLICIT-PRIORITIES') || !/^[^=]+=\d+$/.test(name)) {
          warnings.push(
            `Want ${name} in the list for ${item} ignored: "=" needs EXPLICIT-PRIORITIES (line ${line})`,
          );
          continue;
        }
        name = name.slice(0, name.indexOf('='));
      }
      if (name.startsWith('%')) {
        if (user === null) {
          warnings.push(
            `Dummy ${name} in the list for ${item}, which has no username, ignored (line ${line})`,
          );
          continue;
        }
        name = dummyKey(user, name);
      }
      resolved.push(name);
    }
  }
  const isItem = (key: string) => wantsOf.has(key) && !dummies.has(key);
  const unknown = new Map<string, number>();
  const arcs: Array<[string, string]> = [];
  for (const from of listed) {
    // Wants through dummies: a breadth-first walk over the user's dummies, each visited once.
    const seen = new Set<string>();
    const targets = new Set<string>();
    const queue = [...(wantsOf.get(from) ?? [])];
    while (queue.length > 0) {
      const name = queue.shift() ?? '';
      if (seen.has(name)) continue;
      seen.add(name);
      if (dummies.has(name)) {
        queue.push(...(wantsOf.get(name) ?? []));
        continue;
      }
      if (!isItem(name)) {
        // An official item whose owner sent no list cannot trade; anything else is a typo.
        if (!official?.has(name) && !name.includes(' for user '))
          unknown.set(name, (unknown.get(name) ?? 0) + 1);
        continue;
      }
      if (name === from) warnings.push(`${from} appears in its own want list`);
      else if (owners.get(name) === owners.get(from))
        warnings.push(`${from}'s list names ${name} of the same user (${owners.get(from)}): ignored`);
      else if (!targets.has(name)) {
        targets.add(name);
        arcs.push([from, name]);
      }
    }
  }
  for (const [name, count] of [...unknown].sort())
    warnings.push(`Unknown item ${name} (${count} occurrence${count === 1 ? '' : 's'})`);
  return { items: listed.map((id) => ({ id, owner: owners.get(id) ?? id })), arcs, warnings };
}

/**
 * A JSON market: `{"items": [{"id", "owner", "p"?}], "arcs": [[from, to], ...]}`, where an arc
 * [from, to] says from's owner would give `from` for `to`, and `p` (optional, in (0, 1]) is the
 * owner's acceptance probability. Ids and owners are strings; an arc naming an unknown item is an
 * error.
 */
export function parseJsonMarket(text: string): FileMarket {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new WantListError(`Not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof data !== 'object' || data === null) throw new WantListError('A JSON market is an object');
  const { items, arcs } = data as { items?: unknown; arcs?: unknown };
  if (!Array.isArray(items) || !Array.isArray(arcs))
    throw new WantListError('A JSON market has an "items" array and an "arcs" array');
  const ids = new Set<string>();
  const parsed: FileItem[] = items.map((entry: unknown, index) => {
    const { id, owner, p } = (entry ?? {}) as { id?: unknown; owner?: unknown; p?: unknown };
    if (typeof id !== 'string' || typeof owner !== 'string' || id === '' || owner === '')
      throw new WantListError(`items[${index}] needs a non-empty string "id" and "owner"`);
    if (ids.has(id)) throw new WantListError(`items[${index}]: the id "${id}" is used twice`);
    if (p !== undefined && (typeof p !== 'number' || !(p > 0 && p <= 1)))
      throw new WantListError(`items[${index}]: "p" is a probability in (0, 1]`);
    ids.add(id);
    return p === undefined ? { id, owner } : { id, owner, p };
  });
  const pairs = arcs.map((arc: unknown, index): [string, string] => {
    if (!Array.isArray(arc) || arc.length !== 2 || !arc.every((end) => typeof end === 'string'))
      throw new WantListError(`arcs[${index}] is a pair of item ids`);
    const [from, to] = arc as [string, string];
    if (!ids.has(from) || !ids.has(to)) throw new WantListError(`arcs[${index}] names an unknown item`);
    return [from, to];
  });
  return { items: parsed, arcs: pairs, warnings: [] };
}
