import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The client's import rules (eslint.config.js) fail the lint when a module reaches past a
 * boundary. Each case lints a short source as if it were a file at `path` (no file is written).
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

describe('client import boundaries', () => {
  it("refuses a feature importing another feature's internal file", async () => {
    const code =
      "import { useWishlist } from '@client/features/wishlist/api';\nexport const probe = useWishlist;\n";
    expect(await ruleIds('src/client/features/stats/probe.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("accepts a feature importing another feature's public file", async () => {
    const code =
      "import { useWishlist } from '@client/features/wishlist';\nexport const probe = useWishlist;\n";
    expect(await ruleIds('src/client/features/stats/probe.ts', code)).toEqual([]);
  });

  it('refuses a page importing past a public file, and shared code importing a feature', async () => {
    const internal =
      "import { useWishlist } from '@client/features/wishlist/api';\nexport const probe = useWishlist;\n";
    expect(await ruleIds('src/client/pages/probe.ts', internal)).toEqual(['import-x/no-restricted-paths']);
    const feature =
      "import { useWishlist } from '@client/features/wishlist';\nexport const probe = useWishlist;\n";
    expect(await ruleIds('src/client/lib/probe.ts', feature)).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses an import that closes a cycle between features', async () => {
    // trades shows the review form, whose mutation lives in reviews/api.ts: that file may not
    // import trades back (linted in its place, so that the cycle closes on it).
    const code =
      "import { useTradeRequests } from '@client/features/trades';\nexport const probe = useTradeRequests;\n";
    expect(await ruleIds('src/client/features/reviews/api.ts', code)).toEqual(['import-x/no-cycle']);
  });
});
