import { describe, expect, it } from 'vitest';
import { ringsOf, threeMembersWithItems } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';

/**
 * A ring's explanation names a member's private wants (a wishlist entry, a swap rule) only to that
 * member; the others read which kind of want it is.
 */
const t = useTestApp();

/** Ana wants Ben's boots through a wishlist entry, Ben wants Cleo's bag and Cleo Ana's coat by rule. */
async function ringFromPrivateWants() {
  const { ana, ben, cleo } = await threeMembersWithItems(t);
  const wish = await ana.post('/api/wishlist', { title: 'Boots for my sister’s wedding', category: 'shoes' });
  expect(wish.statusCode).toBe(201);
  expect((await ben.post('/api/swap-rules', { category: 'accessories' })).statusCode).toBe(201);
  expect((await cleo.post('/api/swap-rules', { category: 'clothing' })).statusCode).toBe(201);
  return { ana, ben, cleo };
}

const ringSeenBy = async (client: TestClient) => {
  const [ring] = await ringsOf(client);
  if (!ring) throw new Error('no ring was proposed');
  return ring;
};
const reasonOfLegTo = (ring: Awaited<ReturnType<typeof ringSeenBy>>, firstName: string) =>
  ring.legs.find((leg) => leg.receiver.firstName === firstName)?.reason;

const explanationOfLegTo = (ring: Awaited<ReturnType<typeof ringSeenBy>>, firstName: string) =>
  ring.explanation.find((line) => line.receiver === firstName);

describe('ring explanations', () => {
  it('travel as codes with values, naming a wishlist entry to its owner only', async () => {
    const { ana, ben, cleo } = await ringFromPrivateWants();
    const own = await ringSeenBy(ana);
    const entry = { code: 'wishlist', params: { entry: 'Boots for my sister’s wedding' } };
    expect(explanationOfLegTo(own, 'Ana')).toEqual({
      giver: 'Ben',
      receiver: 'Ana',
      title: 'Boots',
      value: 5500,
      reason: entry,
    });
    expect(reasonOfLegTo(own, 'Ana')).toEqual(entry);
    for (const other of [ben, cleo]) {
      const ring = await ringSeenBy(other);
      expect(explanationOfLegTo(ring, 'Ana')?.reason).toEqual({ code: 'wishlist' });
      expect(reasonOfLegTo(ring, 'Ana')).toEqual({ code: 'wishlist' });
      expect(JSON.stringify(ring)).not.toContain('sister');
    }
  });

  it('name a swap rule’s criteria to its owner only', async () => {
    const { ana, ben, cleo } = await ringFromPrivateWants();
    expect(explanationOfLegTo(await ringSeenBy(ben), 'Ben')).toEqual({
      giver: 'Cleo',
      receiver: 'Ben',
      title: 'Bag',
      value: 4800,
      reason: { code: 'swapRule', params: { category: 'accessories', band: 'between', min: 67, max: 150 } },
    });
    for (const other of [ana, cleo]) {
      const ring = await ringSeenBy(other);
      expect(explanationOfLegTo(ring, 'Ben')?.reason).toEqual({ code: 'swapRule' });
      expect(JSON.stringify(ring)).not.toContain('accessories');
    }
  });

  it('send no English sentence', async () => {
    const { ana } = await ringFromPrivateWants();
    const ring = await ringSeenBy(ana);
    expect(JSON.stringify(ring.explanation)).not.toMatch(/ gives |matches their/);
  });
});
