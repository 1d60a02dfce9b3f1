/**
 * The container image (Dockerfile), without a container runtime: this runs the Dockerfile's own
 * build-stage RUN lines and its CMD, with the runtime stage's ENV, in a clean clone of this
 * repository (its committed HEAD), and checks that the server answers the image's HEALTHCHECK
 * (/readyz) and serves the built client.
 *
 * SHORTCUT, on purpose: the clone's node_modules is a symlink to this checkout's, instead of the
 * Dockerfile's `npm ci` (a minute or more, and the network); so its `npm ci` and `npm prune` lines
 * are skipped (prune would strip this checkout's dev dependencies). What prune would break is
 * checked instead: every package the server bundle and the server rendering import is a production
 * dependency. The client build makes this test take about a minute.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test-support/server-process';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Stage {
  from: string;
  run: string[];
  env: Record<string, string>;
  user?: string;
  cmd?: string[];
  healthcheck?: string[];
}

/** The Dockerfile's stages, as far as this test needs them (shell-form RUN, exec-form CMD). */
function parseDockerfile(text: string): Stage[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, instruction = '', rest = ''] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    const stage = stages.at(-1);
    if (instruction === 'FROM') {
      stages.push({ from: rest.split(/\s+/)[0] ?? '', run: [], env: {} });
    } else if (!stage) {
      throw new Error(`${instruction} before FROM`);
    } else if (instruction === 'RUN') {
      if (rest.startsWith('[')) throw new Error('RUN lines are in shell form here');
      stage.run.push(rest);
    } else if (instruction === 'ENV') {
      for (const pair of rest.split(/\s+/)) {
        const [name = '', value = ''] = pair.split('=');
        stage.env[name] = value;
      }
    } else if (instruction === 'USER') {
      stage.user = rest;
    } else if (instruction === 'CMD') {
      stage.cmd = JSON.parse(rest) as string[];
    } else if (instruction === 'HEALTHCHECK') {
      stage.healthcheck = JSON.parse(rest.slice(rest.indexOf('CMD ') + 4)) as string[];
    }
  }
  return stages;
}

const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
const build = stages[0] as Stage;
const runtime = stages.at(-1) as Stage;

/** The lines that install or remove packages: replaced here by the node_modules symlink. */
const installs = (command: string) => /^npm (ci|prune)\b/.test(command);

const scratch = mkdtempSync(join(tmpdir(), 'threadswap-container-'));
let server: ChildProcess | undefined;
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  rmSync(scratch, { recursive: true, force: true });
});

describe('the container image', () => {
  it('is multi-stage on node slim, runs as an unprivileged user, and checks /readyz', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(/^node:(20|22)-slim$/);
    expect(runtime.user).toBeTruthy();
    expect(runtime.user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime.healthcheck?.join(' ')).toContain('/readyz');
    expect(runtime.cmd?.[0]).toBe('node');
    // Only the install lines touch node_modules: nothing else may be skipped below.
    for (const command of build.run)
      if (!installs(command)) expect(command).not.toMatch(/\bnpm (ci|install|i|prune|uninstall)\b/);
  });

  it('builds and starts in a clean clone with the Dockerfile’s commands, and answers its health check', async () => {
    const app = join(scratch, 'app');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, app]);
    symlinkSync(realpathSync(join(root, 'node_modules')), join(app, 'node_modules'));
    for (const command of build.run.filter((line) => !installs(line))) {
      const step = spawnSync('sh', ['-c', command], { cwd: app, encoding: 'utf8', env: process.env });
      expect(step.status, `${command}\n${step.stdout}\n${step.stderr}`).toBe(0);
    }

    // What `npm prune --omit=dev` leaves is enough: the built server imports production packages only.
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const built = [
      'dist/server/main.mjs',
      ...readdirSync(join(app, 'dist/ssr'), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.mjs'))
        .map((name) => `dist/ssr/${name}`),
    ];
    const imported = new Map<string, string>();
    for (const file of built) {
      const code = readFileSync(join(app, file), 'utf8');
      // esbuild and vite write static imports one to a line, at its start; dynamic ones as import("x").
      const specifiers = [
        ...code.matchAll(/^import\s(?:[^;'"]*?\sfrom\s*)?["']([^"'./][^"']*)["'];?$/gm),
        // A dynamic import, not a type in a JSDoc comment (` * @param {import('hast').Element}`).
        ...[...code.matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g)].filter(
          (match) =>
            !/^\s*(\*|\/\/|\/\*)/.test(code.slice(code.lastIndexOf('\n', match.index) + 1, match.index)),
        ),
      ].map((match) => match[1] ?? '');
      for (const name of specifiers)
        if (!name.startsWith('node:') && !builtinModules.includes(name))
          imported.set(
            name
              .split('/')
              .slice(0, name.startsWith('@') ? 2 : 1)
              .join('/'),
            file,
          );
    }
    expect(imported.size).toBeGreaterThan(10);
    for (const [name, file] of imported)
      expect(manifest.dependencies, `${file} imports ${name}`).toHaveProperty([name]);

    const port = await freePort();
    const env = {
      ...process.env,
      ...runtime.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(scratch, 'data'),
      DEMO: 'off',
      LOG_LEVEL: 'warn',
    };
    const [program, ...args] = runtime.cmd ?? [];
    server = spawn(program === 'node' ? process.execPath : (program ?? ''), args, {
      cwd: app,
      env,
      stdio: 'inherit',
    });
    const [checker, ...checkArgs] = runtime.healthcheck ?? [];
    const healthy = () =>
      spawnSync(checker === 'node' ? process.execPath : (checker ?? ''), checkArgs, { env }).status === 0;
    const deadline = Date.now() + 120_000;
    while (!healthy()) {
      expect(server.exitCode, 'the server exited').toBeNull();
      expect(Date.now(), 'the server never became healthy').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    expect(existsSync(join(app, 'dist/client/index.html'))).toBe(true);

    const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 400_000);
});
