import { eq } from 'drizzle-orm';
import type { DisputeResolutionInput, ModerationDispute } from '../../../common/api/trades';
import { tradeDisputes } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { listRingDisputes, resolveRingDispute } from '../rings';
import { recordAction } from '../moderation';
import { presentDispute } from './dispute.presenter';
import { listTradeDisputes, resolveTradeDispute } from './disputes.service';

/**
 * The moderators' one dispute queue (/api/moderation/disputes): disputes about pairwise trades and
 * about swap rings' legs share the trade_disputes table; each kind is listed and settled by its
 * own module's service.
 */
export async function listDisputes(
  ctx: ServiceContext,
  status: 'open' | 'resolved',
): Promise<ModerationDispute[]> {
  const [trades, rings] = await Promise.all([listTradeDisputes(ctx, status), listRingDisputes(ctx, status)]);
  const at = (dispute: ModerationDispute) =>
    Date.parse((status === 'open' ? dispute.createdAt : dispute.resolvedAt) ?? dispute.createdAt);
  return [...trades, ...rings]
    .sort((a, b) => (status === 'open' ? at(a) - at(b) : at(b) - at(a)))
    .slice(0, 200);
}

export async function resolveDispute(
  ctx: ServiceContext,
  moderatorId: string,
  disputeId: string,
  input: DisputeResolutionInput,
) {
  const [subject] = await ctx.db
    .select({ tradeId: tradeDisputes.tradeRequestId, ringId: tradeDisputes.ringId })
    .from(tradeDisputes)
    .where(eq(tradeDisputes.id, disputeId));
  if (!subject) throw notFound('dispute.not_found');
  if (subject.ringId) await resolveRingDispute(ctx, moderatorId, disputeId, subject.ringId, input);
  else await resolveTradeDispute(ctx, moderatorId, disputeId, subject.tradeId as string, input);
  const [resolved] = await ctx.db.select().from(tradeDisputes).where(eq(tradeDisputes.id, disputeId));
  if (!resolved) throw notFound('dispute.not_found');
  await recordAction(ctx.db, {
    actorId: moderatorId,
    action: 'dispute.resolved',
    targetType: 'dispute',
    targetId: disputeId,
    subjectId: resolved.againstId,
    reason: resolved.outcome,
    note: input.note ?? null,
  });
  return presentDispute(resolved);
}
