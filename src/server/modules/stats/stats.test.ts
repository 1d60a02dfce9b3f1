import { describe, expect, it } from 'vitest';
import type { Stats } from '../../../common/api/items';
import { listItem } from '../../test-support/fixtures';
import { countQueries } from '../../test-support/query-count';
import { useTestApp } from '../../test-support/test-app';
import { marketplaceStats, STATS_KEPT_MS } from './stats.service';

const t = useTestApp();

/** The figures `current` answers, and how many statements it sent for them. */
async function read(current: () => Promise<Stats>) {
  let stats: Stats | undefined;
  const statements = await countQueries(t.database, async () => {
    stats = await current();
  });
  return { statements, stats: stats as Stats };
}

describe('the landing page figures (GET /api/stats)', () => {
  it('counts a small market on every request, so that a new listing shows at once', async () => {
    const owner = await t.member();
    await listItem(owner);
    const current = marketplaceStats(t.app.services);
    expect(await read(current)).toMatchObject({ statements: 4, stats: { totalUsers: 1, totalItems: 1 } });
    await listItem(owner);
    expect(await read(current)).toMatchObject({ statements: 4, stats: { totalItems: 2 } });
    expect((await t.visitor().get('/api/stats')).json()).toMatchObject({ totalItems: 2 });
  });

  it('keeps the figures of a market above `liveUpTo` for a minute, then counts them once anew', async () => {
    let clock = 1_000;
    // Two listed items are "large" here, as 10,001 are by default.
    const current = marketplaceStats(t.app.services, { liveUpTo: 1, now: () => clock });
    const owner = await t.member();
    await listItem(owner);
    await listItem(owner);
    expect(await read(current)).toMatchObject({ statements: 4, stats: { totalItems: 2 } });
    await listItem(owner);
    clock += STATS_KEPT_MS - 1;
    expect(await read(current)).toMatchObject({ statements: 0, stats: { totalItems: 2 } });
    clock += 1;
    // Requests arriving together share one count.
    let answers: Stats[] = [];
    const statements = await countQueries(t.database, async () => {
      answers = await Promise.all([current(), current(), current()]);
    });
    expect(statements).toBe(4);
    expect(answers.map((stats) => stats.totalItems)).toEqual([3, 3, 3]);
  });

  it('counts on every request again once the market is small again', async () => {
    let clock = 0;
    const current = marketplaceStats(t.app.services, { liveUpTo: 1, now: () => clock });
    const owner = await t.member();
    await listItem(owner);
    await listItem(owner);
    expect(await read(current)).toMatchObject({ statements: 4, stats: { totalItems: 2 } });
    await t.reset();
    clock += STATS_KEPT_MS;
    expect(await read(current)).toMatchObject({ statements: 4, stats: { totalUsers: 0, totalItems: 0 } });
    expect(await read(current)).toMatchObject({ statements: 4 });
  });
});
