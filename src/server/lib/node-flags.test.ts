import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, withServerFlags } from './node-flags';

describe('server node flags', () => {
  it('are passed by npm start', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const flag of SERVER_NODE_FLAGS) expect(pkg.scripts.start).toContain(flag);
  });

  it('are added to a worker’s arguments unless already set by hand', () => {
    expect(withServerFlags(['--enable-source-maps'])).toEqual(['--enable-source-maps', ...SERVER_NODE_FLAGS]);
    expect(withServerFlags(['--max-semi-space-size=32'])).toEqual(['--max-semi-space-size=32']);
    expect(withServerFlags(SERVER_NODE_FLAGS)).toEqual([...SERVER_NODE_FLAGS]);
  });
});
