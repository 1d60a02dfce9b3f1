import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listItem, requestTrade } from '../../test-support/fixtures';
import { type TestClient, useTestApp } from '../../test-support/test-app';

/*
 * Members' last names: every answer anyone may read shows the first name and the last initial
 * ("Hugo S.", as the public profile does); only the member and their trade partners, in the
 * answers about their trade, read the full name.
 */
const dir = mkdtempSync(join(tmpdir(), 'threadswap-names-'));
writeFileSync(
  join(dir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Site" /><title>Threadswap</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ clientDir: dir });

async function named(firstName: string, lastName: string) {
  const member = await t.member({ firstName });
  expect((await member.patch('/api/users/profile', { firstName, lastName })).statusCode).toBe(200);
  return member;
}

const idOf = (member: TestClient) => member.user?.id ?? '';

describe('last names in answers', () => {
  it('listings, profiles and pages show a visitor and another member the last initial only', async () => {
    const hugo = await named('Hugo', 'Schwarzenberger');
    const item = await listItem(hugo, { title: 'Wool coat', category: 'clothing' });
    const stranger = await named('Sara', 'Strangeworth');
    const theirs = await listItem(stranger, { title: 'Wool jacket', category: 'clothing' });
    for (const [who, client] of [
      ['visitor', t.visitor()],
      ['another member', stranger],
    ] as const) {
      const list = await client.get('/api/items');
      expect(list.statusCode).toBe(200);
      const owner = (
        list.json() as Array<{ id: string; owner: { firstName: string; lastName: string } }>
      ).find((entry) => entry.id === item.id)?.owner;
      expect(owner, who).toMatchObject({ firstName: 'Hugo', lastName: 'S.' });
      expect((await client.get(`/api/items/${item.id}`)).json().owner.lastName, who).toBe('S.');
      for (const url of [
        '/api/items',
        `/api/items/${item.id}`,
        `/api/users/${idOf(hugo)}/items`,
        `/api/items/${theirs.id}/similar`,
        `/api/users/${idOf(hugo)}/profile`,
        '/',
        '/browse',
        `/browse?highlight=${item.id}`,
      ]) {
        const answer = await client.get(url);
        expect(answer.statusCode, `${who} ${url}`).toBe(200);
        expect(answer.body, `${who} ${url}`).not.toContain('Schwarzenberger');
      }
    }
    const similar = (await t.visitor().get(`/api/items/${theirs.id}/similar`)).body;
    expect(similar).toContain('"lastName":"S."');
  });

  it('messages and social lists show the other member by their last initial', async () => {
    const hugo = await named('Hugo', 'Schwarzenberger');
    const stranger = await named('Sara', 'Strangeworth');
    await stranger.post('/api/conversations/find-or-create', { otherUserId: idOf(hugo) });
    expect((await stranger.post('/api/social/connect', { friendId: idOf(hugo) })).statusCode).toBeLessThan(
      300,
    );
    for (const url of ['/api/conversations', '/api/social/network']) {
      const seen = await hugo.get(url);
      expect(seen.statusCode, url).toBe(200);
      expect(seen.body, url).not.toContain('Strangeworth');
      expect(seen.body, url).toContain('"lastName":"S."');
      expect((await stranger.get(url)).body, url).not.toContain('Schwarzenberger');
    }
  });

  it('the member and their trade partners read the full name in their trade', async () => {
    const hugo = await named('Hugo', 'Schwarzenberger');
    const partner = await named('Pia', 'Partridge');
    const { wanted } = await requestTrade(hugo, partner, { accept: true });
    const [trade] = (await partner.get('/api/trade-requests')).json() as Array<{
      owner: { lastName: string };
      requester: { lastName: string };
    }>;
    expect(trade?.owner.lastName).toBe('Schwarzenberger');
    expect(trade?.requester.lastName).toBe('Partridge');
    expect((await hugo.get('/api/trade-requests')).body).toContain('Partridge');
    expect((await hugo.get('/api/auth/user')).json().lastName).toBe('Schwarzenberger');
    // Their listings stay public answers, even to the partner.
    expect((await partner.get(`/api/items/${wanted.id}`)).json().owner.lastName).toBe('S.');
    expect((await t.visitor().get('/api/trade-requests')).statusCode).toBe(401);
  });

  it('keeps a last name that starts with an emoji whole', async () => {
    const hugo = await named('Hugo', '🦊 Fox');
    const item = await listItem(hugo);
    expect((await t.visitor().get(`/api/items/${item.id}`)).json().owner.lastName).toBe('🦊.');
  });
});
