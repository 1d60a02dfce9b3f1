import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { HANDOVER_ATTEMPTS_PER_HOUR, type MeetupInput, type MeetupState } from '../../../common/api/meetups';
import { MEETUP_MAX_KM } from '../../../common/api/towns';
import type { ShipmentRecord } from '../../../common/domain/carriers';
import { recordSent } from './sending';
import { type Queryable, queryRows } from '../../db/connect';
import { handoverAttempts, towns, tradeMeetups, tradeRequests, users } from '../../db/schema';
import { conflict, fieldError, notFound, tooManyRequests } from '../../lib/errors';
import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { completeTrade, firstName, lockTrade, tradeLink } from './trades.service';

/**
 * Meet-ups (decision 023): the parties of an accepted trade whose towns lie within MEETUP_MAX_KM
 * agree a public place and a time; at the meet-up each receiver enters the code shown only to the
 * giver, which records in one transaction the giver's items as handed over (their shipment, so that
 * every rule about "sent" holds for them) and the receiver's receipt; both receipts complete the trade.
 */

type TradeRow = typeof tradeRequests.$inferSelect;
type MeetupRow = typeof tradeMeetups.$inferSelect;

/** Whole kilometres between the two parties' towns, or null when either has none. */
async function partiesDistance(db: Queryable, trade: TradeRow): Promise<number | null> {
  const [row] = await queryRows<{ km: number | null }>(
    db,
    sql`select round(threadswap_distance_km(a.lat, a.lon, b.lat, b.lon))::int as km
      from ${users} ua join ${towns} a on a.id = ua.town_id,
           ${users} ub join ${towns} b on b.id = ub.town_id
      where ua.id = ${trade.ownerId} and ub.id = ${trade.requesterId}`,
  );
  return row?.km ?? null;
}

const isOwner = (trade: TradeRow, memberId: string) => trade.ownerId === memberId;
const partnerOf = (trade: TradeRow, memberId: string) =>
  isOwner(trade, memberId) ? trade.requesterId : trade.ownerId;
/** What the member gave: the owner gives the requested items, the requester the offered ones. */
const shipmentOf = (trade: TradeRow, giverId: string) =>
  isOwner(trade, giverId) ? trade.ownerShipment : trade.requesterShipment;

function present(
  trade: TradeRow,
  meetup: MeetupRow | undefined,
  memberId: string,
  distanceKm: number | null,
): MeetupState {
  const unavailableReason =
    trade.status !== 'accepted'
      ? ('not_accepted' as const)
      : distanceKm === null
        ? ('no_town' as const)
        : distanceKm > MEETUP_MAX_KM
          ? ('too_far' as const)
          : null;
  const iHandedOver = Boolean(shipmentOf(trade, memberId)?.handedOverAt);
  const theyHandedOver = Boolean(shipmentOf(trade, partnerOf(trade, memberId))?.handedOverAt);
  const myCode =
    meetup?.status === 'accepted'
      ? isOwner(trade, memberId)
        ? meetup.ownerCode
        : meetup.requesterCode
      : null;
  return {
    tradeId: trade.id,
    available: unavailableReason === null,
    unavailableReason,
    distanceKm,
    meetup: meetup
      ? {
          place: meetup.place,
          at: meetup.at.toISOString(),
          status: meetup.status,
          proposedByMe: meetup.proposedById === memberId,
        }
      : null,
    myCode: iHandedOver ? null : myCode,
    iHandedOver,
    theyHandedOver,
    tradeStatus: trade.status,
  };
}

/** A trade's meet-up as one of its parties sees it; 404 for anyone else. */
export async function getMeetup(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
): Promise<MeetupState> {
  const [trade] = await ctx.db.select().from(tradeRequests).where(eq(tradeRequests.id, tradeId));
  if (!trade || (trade.ownerId !== memberId && trade.requesterId !== memberId))
    throw notFound('trade.not_found');
  const [meetup] = await ctx.db.select().from(tradeMeetups).where(eq(tradeMeetups.tradeRequestId, tradeId));
  return present(trade, meetup, memberId, await partiesDistance(ctx.db, trade));
}

/** The checks every meet-up write makes on the locked trade: accepted, and both towns close enough. */
async function requireMeetupPossible(tx: Queryable, trade: TradeRow) {
  if (trade.status !== 'accepted') throw conflict('meetup.trade_not_accepted');
  const km = await partiesDistance(tx, trade);
  if (km === null) throw conflict('meetup.no_town');
  if (km > MEETUP_MAX_KM) throw conflict('meetup.too_far', { maxKm: MEETUP_MAX_KM });
}

/**
 * A party proposes a place and a time. It replaces any earlier proposal, pending, declined or
 * accepted (a new time after all), until items were handed over; the partner is told.
 */
export async function proposeMeetup(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  input: MeetupInput,
) {
  const at = new Date(input.at);
  if (!(at.getTime() > Date.now())) throw fieldError(400, 'at', 'meetup.in_past');
  await transact(ctx, async (tx, effects) => {
    const { trade } = await lockTrade(tx, tradeId, memberId);
    await requireMeetupPossible(tx, trade);
    if (trade.ownerShipment?.handedOverAt || trade.requesterShipment?.handedOverAt)
      throw conflict('meetup.already_handed_over');
    const values = {
      proposedById: memberId,
      place: input.place,
      at,
      status: 'proposed' as const,
      ownerCode: null,
      requesterCode: null,
      updatedAt: new Date(),
    };
    await tx
      .insert(tradeMeetups)
      .values({ tradeRequestId: trade.id, ...values })
      .onConflictDoUpdate({ target: tradeMeetups.tradeRequestId, set: values });
    effects.notify({
      userId: partnerOf(trade, memberId),
      type: 'trade_request',
      title: text('notifications:meetups.proposed.title'),
      message: text('notifications:meetups.proposed.message', {
        name: await firstName(tx, memberId),
        place: input.place,
      }),
      link: tradeLink(trade.id),
    });
  });
  return getMeetup(ctx, memberId, tradeId);
}

/** A new handover code: 6 random digits. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The partner of the proposer accepts (each giver then gets a handover code) or declines it. */
export async function answerMeetup(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  status: 'accepted' | 'declined',
) {
  await transact(ctx, async (tx, effects) => {
    const { trade } = await lockTrade(tx, tradeId, memberId);
    await requireMeetupPossible(tx, trade);
    const [meetup] = await tx.select().from(tradeMeetups).where(eq(tradeMeetups.tradeRequestId, trade.id));
    if (!meetup || meetup.status !== 'proposed') throw conflict('meetup.none_pending');
    if (meetup.proposedById === memberId) throw conflict('meetup.own_proposal');
    await tx
      .update(tradeMeetups)
      .set(
        status === 'accepted'
          ? { status, ownerCode: newCode(), requesterCode: newCode(), updatedAt: new Date() }
          : { status, updatedAt: new Date() },
      )
      .where(eq(tradeMeetups.tradeRequestId, trade.id));
    effects.notify({
      userId: meetup.proposedById,
      type: 'trade_request',
      title: text(`notifications:meetups.${status}.title`),
      message: text(`notifications:meetups.${status}.message`, {
        name: await firstName(tx, memberId),
        place: meetup.place,
      }),
      link: tradeLink(trade.id),
    });
  });
  return getMeetup(ctx, memberId, tradeId);
}

function sameCode(entered: string, expected: string | null) {
  if (!expected) return false;
  const a = Buffer.from(entered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Wrong codes entered for the trade in the last hour. */
async function recentWrongCodes(db: Queryable, tradeId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(handoverAttempts)
    .where(
      and(
        eq(handoverAttempts.tradeRequestId, tradeId),
        gte(handoverAttempts.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The receiver enters the giver's code at the meet-up. Right: the giver's items are handed over
 * (their shipment record) and the receiver's receipt recorded, in one transaction; both receipts
 * complete the trade. Wrong: 400 with the attempts left, counted per trade (HANDOVER_ATTEMPTS_PER_HOUR
 * an hour, then 429), in a transaction of its own so that it counts although the request fails.
 */
export async function handOver(ctx: ServiceContext, memberId: string, tradeId: string, code: string) {
  const outcome = await transact(ctx, async (tx, effects) => {
    const { trade, requested, offered } = await lockTrade(tx, tradeId, memberId);
    if (trade.status !== 'accepted') throw conflict('meetup.trade_not_accepted');
    if ((await recentWrongCodes(tx, trade.id)) >= HANDOVER_ATTEMPTS_PER_HOUR)
      throw tooManyRequests('meetup.too_many_attempts', {}, 60 * 60);
    const [meetup] = await tx.select().from(tradeMeetups).where(eq(tradeMeetups.tradeRequestId, trade.id));
    if (!meetup || meetup.status !== 'accepted') throw conflict('meetup.not_agreed');
    const giverId = partnerOf(trade, memberId);
    const giverIsOwner = isOwner(trade, giverId);
    if (shipmentOf(trade, giverId)?.handedOverAt) throw conflict('meetup.already_handed_over');
    if (!sameCode(code, giverIsOwner ? meetup.ownerCode : meetup.requesterCode)) return 'wrong' as const;
    const now = new Date();
    const record: ShipmentRecord = {
      carrier: 'other',
      trackingNumber: '',
      shippedAt: now.toISOString(),
      handedOverAt: now.toISOString(),
    };
    const receiverIsOwner = !giverIsOwner;
    const otherReceived = receiverIsOwner ? trade.requesterReceivedAt : trade.ownerReceivedAt;
    await tx
      .update(tradeRequests)
      .set({
        ...(giverIsOwner ? { ownerShipment: record } : { requesterShipment: record }),
        // The receiver's receipt; an earlier one (by post, say) stays as it was.
        ...(receiverIsOwner
          ? { ownerReceivedAt: trade.ownerReceivedAt ?? now }
          : { requesterReceivedAt: trade.requesterReceivedAt ?? now }),
        updatedAt: now,
      })
      .where(eq(tradeRequests.id, trade.id));
    // Handed over is sent: the giver's ship-by deadline is met (sending.ts).
    await recordSent(tx, trade, giverIsOwner ? 'owner' : 'requester', now);
    await tx
      .update(tradeMeetups)
      .set(giverIsOwner ? { ownerCode: null, updatedAt: now } : { requesterCode: null, updatedAt: now })
      .where(eq(tradeMeetups.tradeRequestId, trade.id));
    const completes = otherReceived !== null;
    await effects.emit('trade.changed', {
      tradeId: trade.id,
      event: completes ? 'completed' : 'received',
      actorId: memberId,
    });
    const given = giverIsOwner ? requested : offered;
    if (completes) {
      await completeTrade(tx, trade, now);
      for (const userId of [trade.ownerId, trade.requesterId])
        effects.notify({
          userId,
          type: 'trade_request',
          title: text('notifications:trades.completed.title'),
          message: text('notifications:trades.completed.message', { item: requested.title }),
          link: tradeLink(trade.id),
        });
    } else {
      effects.notify({
        userId: giverId,
        type: 'trade_request',
        title: text('notifications:meetups.handedOver.title'),
        message: text('notifications:meetups.handedOver.message', {
          name: await firstName(tx, memberId),
          item: given.title,
        }),
        link: tradeLink(trade.id),
      });
    }
    return 'done' as const;
  });
  if (outcome === 'wrong') {
    const left = await transact(ctx, async (tx) => {
      await tx.insert(handoverAttempts).values({ tradeRequestId: tradeId, memberId });
      return Math.max(0, HANDOVER_ATTEMPTS_PER_HOUR - (await recentWrongCodes(tx, tradeId)));
    });
    throw fieldError(400, 'code', 'meetup.wrong_code', { attemptsLeft: left });
  }
  return getMeetup(ctx, memberId, tradeId);
}
