import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type CommunitySettings, DEFAULT_COMMUNITY } from '@common/api/community';
import type { UnitSystem } from '@common/domain/units';
import { COMMUNITY_URL } from '@client/lib/community';
import { useUnitSystem } from './units';

/*
 * 'Automatic' units are the community's default unit system, in the server's rendering as in the
 * client's first render (both read the settings the page carries), whatever the machine's region.
 */

function Shown() {
  return <span>{useUnitSystem()}</span>;
}

function render(unitSystem: UnitSystem): string {
  const client = new QueryClient();
  const settings: CommunitySettings = {
    ...DEFAULT_COMMUNITY,
    unitSystem,
    updatedAt: new Date(0).toISOString(),
  };
  client.setQueryData([COMMUNITY_URL], settings);
  return renderToString(
    <QueryClientProvider client={client}>
      <Shown />
    </QueryClientProvider>,
  );
}

describe('useUnitSystem', () => {
  it("follows the community's default unit system for a reader who chose none", () => {
    expect(render('metric')).toBe('<span>metric</span>');
    expect(render('imperial')).toBe('<span>imperial</span>');
  });
});
