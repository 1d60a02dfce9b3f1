import { asc, eq } from 'drizzle-orm';
import type { Ring, RingDetail, RingHistoryEntry } from '../../../common/api/rings';
import { ringLegs, rings } from '../../db/schema';
import type { TradeTimers } from '../../env';
import type { ServiceContext } from '../../lib/service-context';
import { getRing } from './ring-read.service';

type RingRow = Pick<
  typeof rings.$inferSelect,
  'createdAt' | 'updatedAt' | 'expiresAt' | 'status' | 'completedAt' | 'cancelledAt' | 'cancelledById'
>;
type LegRow = Pick<
  typeof ringLegs.$inferSelect,
  'position' | 'giverId' | 'receiverId' | 'acceptedAt' | 'sentAt' | 'receivedAt'
>;
type Step = { event: RingHistoryEntry['event']; at: Date; actorId: string | null; position: number | null };

/**
 * A ring's history from what its rows record: the proposal (by the app), each member's accept (of
 * the leg they give), each leg's sending and receipt, the disputes the caller may see (those of
 * their own legs, as the ring answer has them) and their outcome, and how the ring ended. Oldest
 * first; a decline, whose time the schema does not keep, takes the ring's last change, and an
 * expiry the proposal's deadline.
 */
export function ringHistory(ring: RingRow, legs: LegRow[], disputes: Ring['disputes']): RingHistoryEntry[] {
  const steps: Step[] = [{ event: 'proposed', at: ring.createdAt, actorId: null, position: null }];
  for (const leg of legs) {
    if (leg.acceptedAt)
      steps.push({ event: 'accepted', at: leg.acceptedAt, actorId: leg.giverId, position: leg.position });
    if (leg.sentAt)
      steps.push({ event: 'sent', at: leg.sentAt, actorId: leg.giverId, position: leg.position });
    if (leg.receivedAt)
      steps.push({ event: 'received', at: leg.receivedAt, actorId: leg.receiverId, position: leg.position });
  }
  for (const dispute of disputes) {
    const position = legs.find((leg) => leg.receiverId === dispute.openedById)?.position ?? null;
    steps.push({ event: 'disputed', at: new Date(dispute.createdAt), actorId: dispute.openedById, position });
    if (dispute.resolvedAt)
      steps.push({ event: 'resolved', at: new Date(dispute.resolvedAt), actorId: null, position });
  }
  if (ring.status === 'declined')
    steps.push({ event: 'declined', at: ring.updatedAt, actorId: null, position: null });
  if (ring.status === 'expired')
    steps.push({ event: 'expired', at: ring.expiresAt, actorId: null, position: null });
  if (ring.status === 'cancelled')
    steps.push({
      event: 'cancelled',
      at: ring.cancelledAt ?? ring.updatedAt,
      actorId: ring.cancelledById,
      position: null,
    });
  if (ring.completedAt)
    steps.push({ event: 'completed', at: ring.completedAt, actorId: null, position: null });
  return steps
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((step) => ({ ...step, at: step.at.toISOString() }));
}

/**
 * GET /api/rings/:id: one ring as the member's list has it, with its history. Only its members may
 * read it; anyone else gets the 404 of an unknown id (getRing).
 */
export async function getRingDetail(
  ctx: ServiceContext,
  memberId: string,
  ringId: string,
  timers: TradeTimers,
): Promise<RingDetail> {
  const ring = await getRing(ctx, memberId, ringId, timers);
  const [[row], legs] = await Promise.all([
    ctx.db
      .select({
        createdAt: rings.createdAt,
        updatedAt: rings.updatedAt,
        expiresAt: rings.expiresAt,
        status: rings.status,
        completedAt: rings.completedAt,
        cancelledAt: rings.cancelledAt,
        cancelledById: rings.cancelledById,
      })
      .from(rings)
      .where(eq(rings.id, ringId)),
    ctx.db
      .select({
        position: ringLegs.position,
        giverId: ringLegs.giverId,
        receiverId: ringLegs.receiverId,
        acceptedAt: ringLegs.acceptedAt,
        sentAt: ringLegs.sentAt,
        receivedAt: ringLegs.receivedAt,
      })
      .from(ringLegs)
      .where(eq(ringLegs.ringId, ringId))
      .orderBy(asc(ringLegs.position)),
  ]);
  return { ...ring, history: row ? ringHistory(row, legs, ring.disputes) : [] };
}
