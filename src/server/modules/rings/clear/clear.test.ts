import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { clearMarket } from './clear-market';
import { parseJsonMarket, parseTradeMaximizer, WantListError } from './want-lists';

const FIXTURE = fileURLToPath(new URL('./fixtures/small-market.txt', import.meta.url));
const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const run = promisify(execFile);

/**
 * The fixture: alice's boots, bob's coat and carol's scarf close a 3-ring; alice's boots, dave's
 * hat and erin's bag another (dave wants the bag through his dummy %dave-any); and carol also takes
 * the bag, so boots → coat → scarf → bag closes a 4-ring. All three share the boots. With every
 * ring completing (p = 1) the 4-ring trades the most items; with rings of at most 3, one 3-ring.
 * Frank's second list is ignored (his first names an unknown item), 7-GLOVES is official but has
 * no list, and SHOW-ELAPSED-TIME is an ignored option.
 */
describe('clearing a market from a TradeMaximizer file', () => {
  it('reads the lists: usernames, colons, priorities, official names, dummies', () => {
    const market = parseTradeMaximizer(readFileSync(FIXTURE, 'utf8'));
    expect(market.items.map((item) => `${item.owner}:${item.id}`)).toEqual([
      'alice:1-BOOTS',
      'bob:2-COAT',
      'carol:3-SCARF',
      'dave:4-HAT',
      'erin:5-BAG',
      'frank:6-BELT',
    ]);
    expect(market.arcs).toEqual([
      ['1-BOOTS', '2-COAT'],
      ['1-BOOTS', '4-HAT'],
      ['2-COAT', '3-SCARF'],
      ['3-SCARF', '1-BOOTS'],
      ['3-SCARF', '5-BAG'],
      ['4-HAT', '5-BAG'],
      ['4-HAT', '6-BELT'],
      ['5-BAG', '1-BOOTS'],
    ]);
    expect(market.warnings).toEqual([
      'Option SHOW-ELAPSED-TIME ignored: rings are weighed by expected completed swaps',
      'Second want list for 6-BELT ignored (line 19)',
      'Unknown item 9-UNKNOWN (1 occurrence)',
    ]);
  });

  it('accepts the options of real OLWLG files (METRIC, VERBOSE, SEED) and ignores them with a warning', () => {
    const market = parseTradeMaximizer(
      [
        '#! REQUIRE-COLONS REQUIRE-USERNAMES ALLOW-DUMMIES HIDE-NONTRADES SHOW-ELAPSED-TIME',
        '#! METRIC=Users-Trading SEED=123456 ITERATIONS=50 VERBOSE',
        '(ann) 1-A : 2-B',
        '(ben) 2-B : 1-A',
      ].join('\n'),
    );
    expect(market.arcs).toEqual([
      ['1-A', '2-B'],
      ['2-B', '1-A'],
    ]);
    expect(market.warnings).toContain(
      'Option METRIC=USERS-TRADING ignored: rings are weighed by expected completed swaps',
    );
    expect(market.warnings).toContain(
      'Option VERBOSE ignored: rings are weighed by expected completed swaps',
    );
  });

  it('packs the 4-ring with rings up to 5, one 3-ring with rings up to 3', async () => {
    const market = parseTradeMaximizer(readFileSync(FIXTURE, 'utf8'));
    const five = await clearMarket(market, { maxLength: 5, timeLimitSec: 10, acceptance: 1 });
    // Giving order: the bag goes to carol (the scarf's owner), the scarf to bob, the coat to alice,
    // and the boots, last, to erin (the bag's owner, first).
    expect(five.rings).toEqual([['5-BAG', '3-SCARF', '2-COAT', '1-BOOTS']]);
    expect(five).toMatchObject({ itemsTraded: 4, optimal: true });
    expect(five.expectedSwaps).toBeCloseTo(4);
    expect(five.bound).toBeCloseTo(4, 4);
    const three = await clearMarket(market, { maxLength: 3, timeLimitSec: 10, acceptance: 1 });
    expect(three.itemsTraded).toBe(3);
    expect(three.optimal).toBe(true);
  });

  it('refuses a malformed file with the line at fault', () => {
    expect(() => parseTradeMaximizer('(ann) A : B\n#! ALLOW-DUMMIES\n')).toThrow(WantListError);
    expect(() => parseTradeMaximizer('(ann A : B\n')).toThrow(/line 1/);
    expect(() => parseTradeMaximizer('#! NO-SUCH-OPTION\n')).toThrow(/Unknown option/);
    expect(() => parseTradeMaximizer('A : B : C\n')).toThrow(/colon/);
    expect(() => parseJsonMarket('{"items": [{"id": "a", "owner": "x"}], "arcs": [["a", "b"]]}')).toThrow(
      /unknown item/,
    );
  });

  it('reads a JSON market and prints JSON from the command line', async () => {
    const json = parseJsonMarket(
      JSON.stringify({
        items: [
          { id: 'a', owner: 'ann' },
          { id: 'b', owner: 'ben' },
        ],
        arcs: [
          ['a', 'b'],
          ['b', 'a'],
        ],
      }),
    );
    const result = await clearMarket(json, { maxLength: 5, timeLimitSec: 10, acceptance: 0.5 });
    expect(result.rings).toHaveLength(1);
    expect(result.expectedSwaps).toBeCloseTo(2 * 0.25);

    const { stdout } = await run('npx', ['tsx', CLI, FIXTURE, '--max-length', '5', '--json'], {
      cwd: fileURLToPath(new URL('../../../../..', import.meta.url)),
    });
    const printed = JSON.parse(stdout) as { rings: string[][]; itemsTraded: number; gap: number };
    expect(printed.rings).toEqual([['5-BAG', '3-SCARF', '2-COAT', '1-BOOTS']]);
    expect(printed.itemsTraded).toBe(4);
    expect(printed.gap).toBeLessThan(1e-4);
  }, 60_000);
});
