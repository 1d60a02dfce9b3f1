import { describe, expect, it } from 'vitest';
import { buildItem, buildTrade } from '../../test-support/builders';
import { useTestApp, type TestClient } from '../../test-support/test-app';

import { leedsAddress, parisAddress } from './address-fixtures';

const t = useTestApp();

describe('GET/PUT/DELETE /api/users/address', () => {
  it('401 for a visitor on every verb', async () => {
    const visitor = t.visitor();
    expect((await visitor.get('/api/users/address')).statusCode).toBe(401);
    expect((await visitor.put('/api/users/address', parisAddress)).statusCode).toBe(401);
    expect((await visitor.delete('/api/users/address')).statusCode).toBe(401);
  });

  it('keeps one private address per member: saved, replaced, read back only by its owner, deleted', async () => {
    const member = await t.member();
    const other = await t.member();
    expect((await member.get('/api/users/address')).json()).toEqual({ address: null });
    const saved = await member.put('/api/users/address', parisAddress);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    expect(saved.json().address).toEqual(parisAddress);
    const replaced = await member.put('/api/users/address', leedsAddress);
    expect(replaced.json().address).toEqual({ ...leedsAddress, country: 'GB', line2: null, phone: null });
    expect((await member.get('/api/users/address')).json().address.city).toBe('Leeds');
    // Another member's GET reads their own (none), never this one.
    expect((await other.get('/api/users/address')).json()).toEqual({ address: null });
    expect((await member.delete('/api/users/address')).json()).toEqual({ address: null });
    expect((await member.get('/api/users/address')).json()).toEqual({ address: null });
  });

  it.each([
    ['no name', { ...parisAddress, name: '' }],
    ['a name with a line break', { ...parisAddress, name: 'Camille\nMartin' }],
    ['a NUL byte', { ...parisAddress, line1: '12 rue\u0000des Lilas' }],
    ['a lone surrogate', { ...parisAddress, city: 'Paris\uD800' }],
    ['a bidi override', { ...parisAddress, line1: '12 rue \u202Edes Lilas' }],
    ['100 KB of text', { ...parisAddress, line1: 'a'.repeat(100_000) }],
    ['a too long postcode', { ...parisAddress, postcode: '7'.repeat(17) }],
    ['a postcode with symbols', { ...parisAddress, postcode: '75011<script>' }],
    ['an unknown country', { ...parisAddress, country: 'ZZ' }],
    ['a country name', { ...parisAddress, country: 'France' }],
    ['a phone with letters', { ...parisAddress, phone: 'call me maybe' }],
    ['an extra field', { ...parisAddress, userId: '00000000-0000-4000-8000-000000000000' }],
    ['no city', { ...parisAddress, city: undefined }],
    ['a list', [parisAddress]],
  ])('400 for %s, and nothing changes', async (_label, body) => {
    const member = await t.member();
    await member.put('/api/users/address', leedsAddress);
    const response = await member.put('/api/users/address', body as object);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toMatch(/^validation\./);
    expect((await member.get('/api/users/address')).json().address.city).toBe('Leeds');
  });
});

/** Every public answer a visitor or another member can read about `member`, as text. */
async function publicAnswers(reader: TestClient, member: TestClient, itemId: string) {
  const id = member.user?.id as string;
  const urls = [
    '/api/items',
    `/api/items/${itemId}`,
    `/api/items?search=${encodeURIComponent('Coat')}`,
    `/api/users/${id}/profile`,
    `/api/users/${id}/reliability`,
    `/api/reviews/user/${id}`,
    `/api/ratings/${id}`,
    '/api/social/network',
    '/api/social/activity-feed',
    '/api/social/friend-recommendations',
    '/api/social/style-similar',
  ];
  const bodies = await Promise.all(urls.map((url) => reader.get(url)));
  return bodies.map((response) => response.body).join('\n');
}

describe('the address is never in a public answer', () => {
  it('no item, profile, review or social answer carries any part of it, to a visitor or another member', async () => {
    const { owner, wanted, trade } = await buildTrade(t, { status: 'completed' });
    await owner.put('/api/users/address', { ...parisAddress, line1: '99 Secretstreet', postcode: 'QX9 7ZZ' });
    await buildItem(t, owner, { title: 'Second coat' });
    expect(trade.status).toBe('completed');
    for (const reader of [t.visitor(), await t.member()]) {
      const text = await publicAnswers(reader, owner, wanted.id);
      expect(text).not.toContain('Secretstreet');
      expect(text).not.toContain('QX9 7ZZ');
      expect(text).not.toContain('+33 6 12 34 56 78');
    }
  });
});
