import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The server's import rules (eslint.config.js): a module's service never imports another module's
 * service (modules react to each other through domain events), lib imports no module, and no import
 * closes a cycle. Each case lints a short source as if it were a file at `path` (no file is written).
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
  it("refuses a service importing another module's service", async () => {
    const code =
      "import { refreshAvailability } from '../trades/trades.service';\nexport const probe = refreshAvailability;\n";
    expect(await ruleIds('src/server/modules/items/items.service.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
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
});
