import { and, eq, or } from 'drizzle-orm';
import { swapReference } from '../../../common/domain/swap-reference';
import type { Locale } from '../../../common/domain/locales';
import { ringLegs, rings, tradeRequests, users } from '../../db/schema';
import type { Queryable } from '../../db/connect';
import { conflict, notFound } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { sidesOf } from '../trades';
import { addressesOf, addressShareable, sendsInTrade } from './recipient-address.query';
import { type PackingSlip, renderPackingSlip } from './packing-slip';

/**
 * Packing slips: a printable PDF for the parcel a member sends in a trade or a ring leg. Only the
 * sender may draw it, only while they may see the recipient's address (recipient-address.query.ts):
 * a non-party gets the 404 of an unknown swap; a party before acceptance, after a cancellation or
 * more than 30 days after completion a 409 (`packing_slip.unavailable`), since they know the swap
 * exists; a sender whose recipient has given no address yet a 409 (`packing_slip.no_recipient_address`).
 */

export interface RenderedSlip {
  pdf: Buffer;
  filename: string;
}

async function senderName(db: Queryable, memberId: string, ownAddressName: string | undefined) {
  if (ownAddressName) return ownAddressName;
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, memberId));
  return [row?.firstName, row?.lastName].filter(Boolean).join(' ');
}

function labels(locale: Locale): PackingSlip['labels'] {
  const t = translator(locale);
  const key = (name: string) => t(`exchange:slip.${name}`);
  return {
    title: key('title'),
    shipTo: key('shipTo'),
    from: key('from'),
    reference: key('reference'),
    contents: key('contents'),
    scan: key('scan'),
    country: key('country'),
  };
}

async function render(slip: Omit<PackingSlip, 'labels'>, locale: Locale): Promise<RenderedSlip> {
  const pdf = await renderPackingSlip({ ...slip, labels: labels(locale) });
  return { pdf, filename: `threadswap-packing-slip-${slip.reference}.pdf` };
}

/** The slip for the items the member sends in this trade (every item of their side). */
export async function tradePackingSlip(
  ctx: ServiceContext,
  memberId: string,
  tradeId: string,
  locale: Locale,
): Promise<RenderedSlip> {
  const [trade] = await ctx.db.select().from(tradeRequests).where(eq(tradeRequests.id, tradeId));
  if (!trade || (trade.ownerId !== memberId && trade.requesterId !== memberId)) {
    throw notFound('trade.not_found');
  }
  if (!addressShareable(trade)) throw conflict('packing_slip.unavailable', { status: trade.status });
  const isOwner = trade.ownerId === memberId;
  // A giveaway handover's receiver sends nothing: no slip, and no sight of the giver's address.
  if (!sendsInTrade(trade, memberId)) throw conflict('packing_slip.nothing_to_send');
  const recipientId = isOwner ? trade.requesterId : trade.ownerId;
  const addresses = await addressesOf(ctx.db, [memberId, recipientId]);
  const recipient = addresses.get(recipientId);
  if (!recipient) throw conflict('packing_slip.no_recipient_address');
  const sides = await sidesOf(ctx.db, trade);
  const mine = isOwner ? sides.requested : sides.offered;
  return render(
    {
      recipient,
      senderName: await senderName(ctx.db, memberId, addresses.get(memberId)?.name),
      reference: swapReference('trade', trade.id),
      kind: 'trade',
      items: mine.map((id) => sides.terms.get(id)?.title ?? ''),
      link: `${ctx.appUrl}/trades/${trade.id}`,
    },
    locale,
  );
}

/** The slip for the item the member gives in this ring (their own leg as giver). */
export async function ringPackingSlip(
  ctx: ServiceContext,
  memberId: string,
  ringId: string,
  locale: Locale,
): Promise<RenderedSlip> {
  const legs = await ctx.db
    .select()
    .from(ringLegs)
    .where(
      and(eq(ringLegs.ringId, ringId), or(eq(ringLegs.giverId, memberId), eq(ringLegs.receiverId, memberId))),
    );
  const [ring] = legs.length ? await ctx.db.select().from(rings).where(eq(rings.id, ringId)) : [];
  if (!ring) throw notFound('rings.not_found');
  const leg = legs.find((each) => each.giverId === memberId);
  // A chain's last member receives without giving: a member of the ring, with nothing to send.
  if (!leg) throw conflict('rings.nothing_to_send');
  if (!addressShareable(ring)) throw conflict('packing_slip.unavailable', { status: ring.status });
  const addresses = await addressesOf(ctx.db, [memberId, leg.receiverId]);
  const recipient = addresses.get(leg.receiverId);
  if (!recipient) throw conflict('packing_slip.no_recipient_address');
  return render(
    {
      recipient,
      senderName: await senderName(ctx.db, memberId, addresses.get(memberId)?.name),
      reference: swapReference('ring', ring.id),
      kind: 'ring',
      items: [leg.terms.title],
      link: `${ctx.appUrl}/rings/${ring.id}`,
    },
    locale,
  );
}
