import { describe, expect, it } from 'vitest';
import { buildItem } from '../../test-support/builders';
import { ringsOf } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';

/**
 * A ring's explanation names a member's private wants (a wishlist entry, a swap rule) only to that
 * member; the others read which kind of want it is.
 */
const t = useTestApp();

/** Ana wants Ben's boots through a wishlist entry, Ben wants Cleo's bag and Cleo Ana's coat by rule. */
async function ringFromPrivateWants() {
  const ana = await t.member({ firstName: 'Ana' });
  const ben = await t.member({ firstName: 'Ben' });
  const cleo = await t.member({ firstName: 'Cleo' });
  await buildItem(t, ana, { title: 'Coat', category: 'clothing', estimatedValue: 5000 });
  await buildItem(t, ben, { title: 'Boots', category: 'shoes', estimatedValue: 5500 });
  await buildItem(t, cleo, { title: 'Bag', category: 'accessories', estimatedValue: 4800 });
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

describe('ring explanations', () => {
  it('name a wishlist entry to its owner only', async () => {
    const { ana, ben, cleo } = await ringFromPrivateWants();
    const own = await ringSeenBy(ana);
    expect(own.explanation).toContain(
      'Ben gives "Boots" ($55) to Ana: it matches their wishlist entry "Boots for my sister’s wedding".',
    );
    expect(reasonOfLegTo(own, 'Ana')).toBe('it matches their wishlist entry "Boots for my sister’s wedding"');
    for (const other of [ben, cleo]) {
      const ring = await ringSeenBy(other);
      expect(ring.explanation).toContain('Ben gives "Boots" ($55) to Ana: it matches their wishlist.');
      expect(reasonOfLegTo(ring, 'Ana')).toBe('it matches their wishlist');
      expect(JSON.stringify(ring)).not.toContain('sister');
    }
  });

  it('name a swap rule’s criteria to its owner only', async () => {
    const { ana, ben, cleo } = await ringFromPrivateWants();
    expect((await ringSeenBy(ben)).explanation).toContain(
      'Cleo gives "Bag" ($48) to Ben: it matches their swap rule (accessories · 0.67–1.5× the value given).',
    );
    for (const other of [ana, cleo]) {
      const ring = await ringSeenBy(other);
      expect(ring.explanation).toContain('Cleo gives "Bag" ($48) to Ben: it matches their swap rule.');
      expect(JSON.stringify(ring)).not.toContain('accessories · ');
    }
  });
});
