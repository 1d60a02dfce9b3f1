import { spawn } from 'node:child_process';

/** The stopped app's environment on its embedded database (DATA_DIR), never a PostgreSQL URL. */
function embeddedEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

/**
 * `npm run moderator -- grant <email>` (or `--role admin`) on a stopped app's embedded database: the
 * only way a first moderator or admin gets the role, so journeys that need one run an app of their
 * own and grant it between two starts. Resolves with the command's output.
 */
export function grantRole(dataDir: string, email: string, role: 'moderator' | 'admin'): Promise<string> {
  const args = role === 'admin' ? ['--role', 'admin', 'grant', email] : ['grant', email];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/db/moderator-cli.ts', ...args], {
      env: embeddedEnv(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${role} grant exited ${code}: ${output}`)),
    );
  });
}
