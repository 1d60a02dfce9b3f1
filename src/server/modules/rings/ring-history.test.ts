import { describe, expect, it } from 'vitest';
import type { RingDetail } from '../../../common/api/rings';
import { acceptedRing, threeMemberRing } from '../../test-support/rings';
import { type TestClient, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const idOf = (member: TestClient) => member.user?.id as string;
const detail = async (member: TestClient, id: string) => {
  const response = await member.get(`/api/rings/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RingDetail;
};
const steps = (ring: RingDetail) => ring.history.map((entry) => [entry.event, entry.actorId, entry.position]);

describe('GET /api/rings/:id history', () => {
  it('is for the ring’s members only', async () => {
    const { ring } = await threeMemberRing(t);
    const stranger = await t.member();
    expect((await t.visitor().get(`/api/rings/${ring.id}`)).statusCode).toBe(401);
    expect((await stranger.get(`/api/rings/${ring.id}`)).statusCode).toBe(404);
    // The list keeps its shape: no history there.
    const [listed] = (await stranger.get('/api/rings')).json() as unknown[];
    expect(listed).toBeUndefined();
  });

  it('records the proposal, each accept, each leg sent and received, and the completion, oldest first', async () => {
    const { ana, ben, cleo, ring } = await acceptedRing(t);
    const accepted = await detail(ana, ring.id);
    expect(accepted.history[0]).toMatchObject({ event: 'proposed', actorId: null, position: null });
    const accepts = accepted.history.filter((entry) => entry.event === 'accepted');
    expect(accepts.map((entry) => entry.actorId)).toEqual([idOf(ana), idOf(ben), idOf(cleo)]);
    for (const entry of accepts)
      expect(accepted.legs[entry.position as number]?.giver.id).toBe(entry.actorId);

    for (const member of [ana, ben, cleo])
      expect((await member.post(`/api/rings/${ring.id}/sent`, {})).statusCode).toBe(200);
    for (const member of [ana, ben, cleo]) {
      const received = await member.post(`/api/rings/${ring.id}/received`, { asDescribed: true });
      expect(received.statusCode, received.body).toBe(200);
    }
    const done = await detail(ben, ring.id);
    expect(done.status).toBe('completed');
    const events = done.history.map((entry) => entry.event);
    expect(events.filter((event) => event === 'sent')).toHaveLength(3);
    expect(events.filter((event) => event === 'received')).toHaveLength(3);
    expect(events.at(-1)).toBe('completed');
    for (const entry of done.history.filter((step) => step.event === 'sent'))
      expect(done.legs[entry.position as number]?.giver.id).toBe(entry.actorId);
    for (const entry of done.history.filter((step) => step.event === 'received'))
      expect(done.legs[entry.position as number]?.receiver.id).toBe(entry.actorId);
    const times = done.history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Every member reads the same history.
    expect(steps(await detail(cleo, ring.id))).toEqual(steps(done));
  });

  it('records who cancelled', async () => {
    const { ana, ring } = await acceptedRing(t);
    expect((await ana.patch(`/api/rings/${ring.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const cancelled = await detail(ana, ring.id);
    expect(cancelled.history.at(-1)).toMatchObject({ event: 'cancelled', actorId: idOf(ana) });
  });

  it('records a decline', async () => {
    const other = await threeMemberRing(t);
    expect((await other.ben.patch(`/api/rings/${other.ring.id}`, { status: 'declined' })).statusCode).toBe(
      200,
    );
    const declined = await detail(other.ana, other.ring.id);
    expect(declined.history.map((entry) => entry.event)).toEqual(['proposed', 'declined']);
  });
});
