/**
 * `npm run rings:clear -- <file> [options]`: clears a market read from a file with the ring engine
 * (README, "Clearing a market from a file"). Exit code 2 for a bad command line or file.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_LENGTH } from '../engine/cycles';
import { type ClearResult, clearMarket } from './clear-market';
import { parseJsonMarket, parseTradeMaximizer, WantListError } from './want-lists';

const USAGE = `Usage: npm run rings:clear -- <file> [options]

Reads want lists and prints the rings the engine chooses: every ring of 2 to --max-length items,
weighed by expected completed swaps, packed against an honest bound.

  --max-length N     longest ring, 2 to 6 (default ${DEFAULT_MAX_LENGTH})
  --time-limit S     seconds the packing may take (default 30)
  --format tm|json   the file's format (default: json when the file name ends in .json, else tm)
  --acceptance P     acceptance probability of every owner the file gives none (default 1:
                     every ring completes, so the engine maximises the items traded)
  --json             print the result as JSON: rings as arrays of item ids in giving order
                     (each item goes to the owner of the next item, the last to the first's owner)`;

class UsageError extends Error {}

function numberOption(
  value: string | undefined,
  name: string,
  fallback: number,
  check: (n: number) => boolean,
) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || !check(parsed)) throw new UsageError(`--${name}: ${value} is out of range`);
  return parsed;
}

function render(result: ClearResult, file: string) {
  const lines = [`Market ${file}: ${result.items} items, ${result.arcs} arcs.`];
  for (const warning of result.warnings) lines.push(`  warning: ${warning}`);
  lines.push(
    '',
    `Rings (${result.rings.length}; each item goes to the owner of the next, the last to the first's):`,
  );
  result.rings.forEach((ring, k) => lines.push(`  ${k + 1}. ${ring.join(' -> ')}`));
  const percent = (value: number) => `${(value * 100).toFixed(3)} %`;
  lines.push(
    '',
    `Items traded: ${result.itemsTraded}`,
    `Expected completed swaps: ${result.expectedSwaps.toFixed(4)}`,
    `Bound: ${result.bound.toFixed(4)} (${result.boundKind}); gap ${percent(result.gap)}${result.optimal ? ', optimal' : ''}`,
    `Time: ${result.seconds.toFixed(2)} s; peak memory ${Math.round(result.peakRssMb)} MB`,
  );
  return lines.join('\n');
}

async function main() {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      'max-length': { type: 'string' },
      'time-limit': { type: 'string' },
      format: { type: 'string' },
      acceptance: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('Give exactly one file');
  const maxLength = numberOption(
    values['max-length'],
    'max-length',
    DEFAULT_MAX_LENGTH,
    (n) => Number.isInteger(n) && n >= 2 && n <= 6,
  );
  const timeLimitSec = numberOption(values['time-limit'], 'time-limit', 30, (n) => n > 0 && n <= 3600);
  const acceptance = numberOption(values.acceptance, 'acceptance', 1, (n) => n > 0 && n <= 1);
  const format = values.format ?? (file.toLowerCase().endsWith('.json') ? 'json' : 'tm');
  if (format !== 'tm' && format !== 'json') throw new UsageError('--format is tm or json');
  const text = readFileSync(file, 'utf8');
  const market = format === 'json' ? parseJsonMarket(text) : parseTradeMaximizer(text);
  const result = await clearMarket(market, { maxLength, timeLimitSec, acceptance });
  console.log(values.json ? JSON.stringify(result, null, 2) : render(result, file));
}

main().catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    error instanceof WantListError ||
    (error as { code?: string }).code === 'ENOENT'
  ) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  console.error(error);
  process.exitCode = 1;
});
