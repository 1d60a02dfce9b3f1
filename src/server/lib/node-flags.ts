/**
 * Node flags every server process runs with: `npm start` passes them (package.json), the cluster's
 * primary hands them to its workers, and the benchmark starts the app with them, so that what is
 * measured is what runs.
 *
 * `--max-semi-space-size=64` (MB; Node 20's default is 16): a request allocates its rows, its
 * presented items and its JSON, nearly all of which die young. With a larger young generation the
 * scavenger runs a quarter as often, and fewer short-lived objects survive into the old generation.
 * Measured on the uncached item list at 100k items: the app's CPU per request fell by about a fifth
 * (docs/decisions/008-uncached-paths.md, "Young generation"). The space grows only under load; an
 * idle server does not reserve it.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** `execArgv` plus each server flag it does not already set (a flag given by hand wins). */
export function withServerFlags(execArgv: readonly string[]): string[] {
  const missing = SERVER_NODE_FLAGS.filter((flag) => {
    const name = flag.split('=')[0] as string;
    return !execArgv.some((arg) => arg === name || arg.startsWith(`${name}=`));
  });
  return [...execArgv, ...missing];
}
