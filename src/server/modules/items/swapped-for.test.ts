import { markTradeSent } from '../../test-support/builders';
import { describe, expect, it } from 'vitest';
import { listItem, requestTrade } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';

const t = useTestApp();

describe('GET /api/items/:id on a swapped item', () => {
  it('shows what each side went for once the trade completes, to anyone', async () => {
    const [owner, requester] = await Promise.all([t.member(), t.member()]);
    const { wanted, offered, id } = await requestTrade(owner, requester, { accept: true });

    // Accepted, not yet completed: reserved, no record of a swap.
    const reserved = (await t.visitor().get(`/api/items/${wanted.id}`)).json();
    expect(reserved.availability).toBe('reserved');
    expect(reserved.swappedFor).toBeUndefined();

    await markTradeSent(t, id);
    await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
    await markTradeSent(t, id);
    await requester.post(`/api/trade-requests/${id}/received`, { asDescribed: true });

    for (const viewer of [t.visitor(), owner, requester, await t.member()]) {
      const given = (await viewer.get(`/api/items/${wanted.id}`)).json();
      expect(given.availability).toBe('traded');
      expect(given.swappedFor).toMatchObject({ id: offered.id, title: offered.title });
      expect(given.swappedFor.image).toMatch(/^\/images\//);
      const got = (await viewer.get(`/api/items/${offered.id}`)).json();
      expect(got.swappedFor).toMatchObject({ id: wanted.id, title: wanted.title });
    }
  });

  it("a bundle's later item went for the first item of the other side", async () => {
    const [owner, requester] = await Promise.all([t.member(), t.member()]);
    const wanted = await listItem(owner, { title: 'Wool Coat' });
    const first = await listItem(requester, { title: 'First Scarf' });
    const second = await listItem(requester, { title: 'Second Scarf' });
    const created = await requester.post('/api/trade-requests', {
      requestedItemIds: [wanted.id],
      offeredItemIds: [first.id, second.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await owner.patch(`/api/trade-requests/${id}`, { status: 'accepted' })).statusCode).toBe(200);
    await markTradeSent(t, id);
    await owner.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
    await markTradeSent(t, id);
    await requester.post(`/api/trade-requests/${id}/received`, { asDescribed: true });
    const later = (await t.visitor().get(`/api/items/${second.id}`)).json();
    expect(later.availability).toBe('traded');
    expect(later.swappedFor).toMatchObject({ id: wanted.id, title: 'Wool Coat' });
  });

  it('a listed item has no swappedFor', async () => {
    const [owner, requester] = await Promise.all([t.member(), t.member()]);
    const { wanted } = await requestTrade(owner, requester);
    expect((await t.visitor().get(`/api/items/${wanted.id}`)).json().swappedFor).toBeUndefined();
  });
});
