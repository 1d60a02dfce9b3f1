import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CLIENT = './src/client';
const FEATURES = readdirSync(`${CLIENT}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Each feature's one public file, the only way in from outside the feature. */
const PUBLIC_FILES = FEATURES.map((feature) => `./${feature}/index.ts`);

/*
 * The client's layers: app → pages → features → shared (components, lib) → common. A layer imports
 * only the layers below it; features import each other only through their public file.
 */
const clientZones = [
  ...FEATURES.map((feature) => ({
    target: `${CLIENT}/features/${feature}`,
    from: `${CLIENT}/features`,
    except: [`./${feature}`, ...PUBLIC_FILES.filter((file) => !file.startsWith(`./${feature}/`))],
    message: 'Import another feature only through its public file (features/<name>/index.ts).',
  })),
  {
    target: [`${CLIENT}/pages`, `${CLIENT}/app`],
    from: `${CLIENT}/features`,
    except: PUBLIC_FILES,
    message: 'Import a feature only through its public file (features/<name>/index.ts).',
  },
  {
    target: `${CLIENT}/features`,
    from: [`${CLIENT}/pages`, `${CLIENT}/app`],
    message: 'Features sit below pages and the app shell.',
  },
  { target: `${CLIENT}/pages`, from: `${CLIENT}/app`, message: 'Pages sit below the app shell.' },
  {
    target: [`${CLIENT}/components`, `${CLIENT}/lib`],
    from: [`${CLIENT}/features`, `${CLIENT}/pages`, `${CLIENT}/app`],
    message: 'Shared code (components, lib) imports no feature, page or app module.',
  },
  {
    target: './src/common',
    from: [CLIENT, './src/server'],
    message: 'src/common is shared by the client and the server and imports neither.',
  },
];

const SERVER_MODULES = readdirSync('./src/server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each server module's one public file, the only way in from another module or from db/. */
const SERVER_PUBLIC_FILES = SERVER_MODULES.map((module) => `./${module}/index.ts`);

/**
 * The server's module boundaries: a file of one module imports another module only through that
 * module's public file (modules/<name>/index.ts), and so does db/ (seeds, roles); no module's
 * service imports another module's service, even through its public file (modules react to each
 * other through domain events, src/server/lib/domain-events.ts); lib imports no module. The
 * composition root (app.ts, main.ts) wires every module's routes, listeners and sweeps, and tests
 * may reach a module's internals to check them.
 */
const serverZones = [
  ...SERVER_MODULES.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: './src/server/modules',
    except: [`./${module}`, ...SERVER_PUBLIC_FILES.filter((file) => !file.startsWith(`./${module}/`))],
    message:
      'Import another module only through its public file (modules/<name>/index.ts), never its internals.',
  })),
  {
    target: './src/server/db',
    from: './src/server/modules',
    except: SERVER_PUBLIC_FILES,
    message: 'Import a module only through its public file (modules/<name>/index.ts).',
  },
  ...SERVER_MODULES.map((module) => ({
    target: `./src/server/modules/${module}/*.service.ts`,
    from: SERVER_MODULES.filter((other) => other !== module).map(
      (other) => `./src/server/modules/${other}/*.service.ts`,
    ),
    message: "A service may not import another module's service: emit a domain event instead.",
  })),
  {
    target: './src/server/lib',
    from: './src/server/modules',
    message: 'lib is shared by every module and imports none of them.',
  },
];

/** Tests may check a module's internals from outside it; the other rules hold for them too. */
const serverTestZones = serverZones.filter((zone) => !('except' in zone));

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations', 'bench/.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // String.prototype.replace reads `$&`, `$'`, `` $` `` and `$1` in a string replacement as patterns:
    // a computed replacement that carries members' text would copy parts of the page into it
    // (src/server/lib/html.ts). Only a constant string or a function may replace.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/])',
          message:
            "Replace with a constant string or a function: a computed string is read as a replacement pattern ($&, $`, $').",
        },
      ],
    },
  },
  {
    // Type-aware rules for promises: a promise nobody awaits or catches turns its failure into an
    // unhandled rejection (on the server, the end of the process) and lets what follows run before it.
    // `void` marks a promise deliberately left to run, which must handle its own failure.
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React ignores what an event handler returns, so an async onSubmit/onClick is allowed; such a
      // handler catches its own failures (a mutation's errors are reported by its meta, query-client.ts).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/common/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // How to parse the TypeScript files that no-cycle follows, and how to resolve '@client/...'.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: clientZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/server/**/*.test.ts', 'src/server/test-support/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverTestZones }] },
  },
);
