import { expect } from 'vitest';
import type { Ring } from '../../common/api/rings';
import { buildItem } from './builders';
import type { TestClient, useTestApp } from './test-app';

type TestApp = ReturnType<typeof useTestApp>;

export const ringsOf = async (client: TestClient): Promise<Ring[]> => (await client.get('/api/rings')).json();

export const answerRing = (client: TestClient, ring: Ring, status: string, extra: object = {}) =>
  client.patch(`/api/rings/${ring.id}`, { status, ...extra });

/** Ana with a coat (clothing), Ben with boots (shoes) and Cleo with a bag (accessories); no wants yet. */
export async function threeMembersWithItems(t: TestApp) {
  const ana = await t.member({ firstName: 'Ana' });
  const ben = await t.member({ firstName: 'Ben' });
  const cleo = await t.member({ firstName: 'Cleo' });
  const coat = await buildItem(t, ana, { title: 'Coat', category: 'clothing', estimatedValue: 5000 });
  const boots = await buildItem(t, ben, { title: 'Boots', category: 'shoes', estimatedValue: 5500 });
  const bag = await buildItem(t, cleo, { title: 'Bag', category: 'accessories', estimatedValue: 4800 });
  return { ana, ben, cleo, coat, boots, bag };
}

/**
 * Ana gives a coat and wants shoes, Ben gives boots and wants accessories, Cleo gives a bag and
 * wants clothing: no two of them can swap, but the three close a ring. The last rule proposes it.
 * So Ana gets Ben's boots, Ben gets Cleo's bag and Cleo gets Ana's coat.
 */
export async function threeMemberRing(t: TestApp) {
  const { ana, ben, cleo, coat, boots, bag } = await threeMembersWithItems(t);
  expect((await ana.post('/api/swap-rules', { category: 'shoes' })).statusCode).toBe(201);
  expect((await ben.post('/api/swap-rules', { category: 'accessories' })).statusCode).toBe(201);
  expect(await ringsOf(ana)).toEqual([]);
  expect((await cleo.post('/api/swap-rules', { category: 'clothing' })).statusCode).toBe(201);
  const [ring] = await ringsOf(ana);
  if (!ring) throw new Error('no ring was proposed');
  return { ana, ben, cleo, coat, boots, bag, ring };
}

/** The three-member ring, accepted by all: its items are reserved. */
export async function acceptedRing(t: TestApp) {
  const world = await threeMemberRing(t);
  for (const member of [world.ana, world.ben, world.cleo]) {
    expect((await answerRing(member, world.ring, 'accepted')).statusCode).toBe(200);
  }
  return world;
}
