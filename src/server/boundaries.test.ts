import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The server's import rules (eslint.config.js): any file of a module imports another module only
 * through its public file (modules/<name>/index.ts), and so does db/; a module's service never
 * imports another module's service (modules react to each other through domain events), lib imports
 * no module, and no import closes a cycle. Each case lints a short source as if it were a file at `path` (no file is written).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
// The probes lint text as files that do not exist, which the type-aware rules (they need the file in
// the TypeScript project) cannot read: those rules are off here; the boundary rules need no types.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('server import boundaries', () => {
  // The first lint loads the parser and the import resolver (a minute on a loaded machine).
  beforeAll(() => ruleIds('src/server/lib/probe.ts', 'export const probe = 1;\n'), 300_000);

  it("refuses a service importing another module's service", async () => {
    const code =
      "import { refreshAvailability } from '../trades/trades.service';\nexport const probe = refreshAvailability;\n";
    // Twice: a service is another module's internals, and the service rule refuses it as well.
    expect(await ruleIds('src/server/modules/items/items-search.service.ts', code)).toEqual([
      'import-x/no-restricted-paths',
      'import-x/no-restricted-paths',
    ]);
  });

  it("refuses any file importing another module's internals", async () => {
    // A query, a presenter, a listener, a route, a helper: not only services.
    const probes: Array<[string, string]> = [
      ['src/server/modules/trades/moderation-queue.ts', '../users/users.presenter'],
      ['src/server/modules/users/public-profile.query.ts', '../trades/reliability.query'],
      ['src/server/modules/rings/rings.listeners.ts', '../safety/member-blocks'],
      ['src/server/modules/items/items.routes.ts', '../trades/trade-holds'],
      ['src/server/modules/rings/clear/probe.ts', '../../trades/trade-holds'],
      ['src/server/db/seed/probe.ts', '../../modules/images/images.service'],
    ];
    for (const [path, from] of probes) {
      const code = `import * as internals from '${from}';\nexport const probe = internals;\n`;
      expect(await ruleIds(path, code), `${path} importing ${from}`).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
  });

  it("accepts another module's public file", async () => {
    const code =
      "import { presentTradePartner } from '../users';\nexport const probe = presentTradePartner;\n";
    expect(await ruleIds('src/server/modules/trades/moderation-queue.ts', code)).toEqual([]);
    const fromDb =
      "import { ensureImagePool } from '../../modules/images';\nexport const probe = ensureImagePool;\n";
    expect(await ruleIds('src/server/db/seed/probe.ts', fromDb)).toEqual([]);
  });

  it("accepts a module's listeners calling its own service", async () => {
    const code =
      "import { refreshAvailability } from './trades.service';\nexport const probe = refreshAvailability;\n";
    expect(await ruleIds('src/server/modules/trades/probe.listeners.ts', code)).toEqual([]);
  });

  it('refuses lib importing a module', async () => {
    const code =
      "import { refreshAvailability } from '../modules/trades/trades.service';\nexport const probe = refreshAvailability;\n";
    expect(await ruleIds('src/server/lib/probe.ts', code)).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses an import that closes a cycle', async () => {
    // app.ts registers the route plugins; a route file importing app.ts back closes a cycle.
    const code = "import { buildApp } from '../../app';\nexport const probe = buildApp;\n";
    expect(await ruleIds('src/server/modules/items/items.routes.ts', code)).toEqual(['import-x/no-cycle']);
  });

  it("finds no service reaching another module's service through its public file", () => {
    const modules = `${root}/src/server/modules`;
    const names = (list: string) =>
      list
        .split(',')
        .map((name) => name.replace(/^\s*type\s+/, '').trim())
        .filter(Boolean);
    // What each module's public file passes on from its services.
    const fromServices = new Map<string, Set<string>>();
    for (const module of readdirSync(modules)) {
      if (!existsSync(`${modules}/${module}/index.ts`)) continue;
      const text = readFileSync(`${modules}/${module}/index.ts`, 'utf8');
      const exported = [...text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/([^']+)'/g)]
        .filter((match) => match[2]?.endsWith('.service'))
        .flatMap((match) => names(match[1] ?? ''));
      fromServices.set(module, new Set(exported));
    }
    const crossings: string[] = [];
    for (const module of readdirSync(modules)) {
      const files = readdirSync(`${modules}/${module}`).filter((file) => file.endsWith('.service.ts'));
      for (const file of files) {
        const text = readFileSync(`${modules}/${module}/${file}`, 'utf8');
        for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'\.\.\/([a-z-]+)'/g)) {
          const services = fromServices.get(match[2] ?? '');
          for (const name of names(match[1] ?? '')) {
            if (services?.has(name)) crossings.push(`${module}/${file} imports ${match[2]}'s ${name}`);
          }
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
