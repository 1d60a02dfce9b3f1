import { eq, inArray } from 'drizzle-orm';
import type { ShippingAddress } from '../../../common/api/addresses';
import { ADDRESS_VISIBLE_DAYS_AFTER_COMPLETION, type CountryCode } from '../../../common/domain/address';
import type { Queryable } from '../../db/connect';
import { shippingAddresses } from '../../db/schema';
import { communityCountry } from '../community';

/**
 * The one rule for who sees a member's private shipping address (docs/decisions/022-address-privacy.md):
 * the member who sends them an item, once the trade or ring is agreed (accepted, or disputed while a
 * moderator looks), and until ADDRESS_VISIBLE_DAYS_AFTER_COMPLETION days after it completed. Nobody
 * else, ever: not a visitor, not a stranger, not a party of a pending, declined, expired or cancelled
 * trade. The trades and rings services and the packing slip read addresses through this file only.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rule needs to know about a trade or ring. */
export interface Exchange {
  status: string;
  completedAt: Date | null;
}

/** Whether a sender may see their recipient's address in this trade or ring now. */
export function addressShareable(exchange: Exchange, now: Date = new Date()): boolean {
  if (exchange.status === 'accepted' || exchange.status === 'disputed') return true;
  if (exchange.status !== 'completed' || !exchange.completedAt) return false;
  return now.getTime() - exchange.completedAt.getTime() < ADDRESS_VISIBLE_DAYS_AFTER_COMPLETION * DAY_MS;
}

/** Whether the member still has items to send (and so a recipient to know): the exchange is agreed and open. */
export const addressNeeded = (exchange: Exchange) => exchange.status === 'accepted';

function present(row: typeof shippingAddresses.$inferSelect): ShippingAddress {
  return {
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    postcode: row.postcode,
    city: row.city,
    country: row.country as CountryCode,
    phone: row.phone,
  };
}

/** The stored addresses of these members, by member id (members without one are absent). */
export async function addressesOf(db: Queryable, memberIds: string[]): Promise<Map<string, ShippingAddress>> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(shippingAddresses).where(inArray(shippingAddresses.userId, ids));
  return new Map(rows.map((row) => [row.userId, present(row)]));
}

/** The member's own address (account settings), or null. */
export async function ownAddress(db: Queryable, memberId: string): Promise<ShippingAddress | null> {
  const [row] = await db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, memberId));
  return row ? present(row) : null;
}

/** A trade as the rule reads it: its two parties. */
export interface TradeParties extends Exchange {
  id: string;
  ownerId: string;
  requesterId: string;
  /** Null for a giveaway handover: the requester sends nothing, so only the owner sends (to them). */
  offeredItemId?: string | null;
}

/** Whether the member sends anything in this trade: not the receiver of a giveaway handover. */
export const sendsInTrade = (trade: TradeParties, memberId: string) =>
  trade.offeredItemId !== null || trade.ownerId === memberId;

/** What the address rule adds to one trade or ring as its caller sees it. */
export interface AddressView {
  /** The address of the member the caller sends to, when the rule allows; otherwise null. */
  recipientAddress: ShippingAddress | null;
  /** The caller has items to send and their partner has none of the caller's address to send back: ask for it. */
  needsAddress: boolean;
  /** The country whose carriers the caller may name for their parcel (shippingCountryOf). */
  carrierCountry: string;
}

/**
 * For each of the caller's trades (by id): the partner's address when the caller may see it, and
 * whether the caller should be asked for their own. One query for the whole list.
 */
export async function tradeAddressViews(
  db: Queryable,
  memberId: string,
  trades: readonly TradeParties[],
  now: Date = new Date(),
): Promise<Map<string, AddressView>> {
  if (trades.length === 0) return new Map();
  const fallback = await fallbackShippingCountry(db);
  const partnerOf = (trade: TradeParties) => (trade.ownerId === memberId ? trade.requesterId : trade.ownerId);
  const shareable = trades.filter((trade) => addressShareable(trade, now));
  const addresses =
    shareable.length > 0 ? await addressesOf(db, [memberId, ...shareable.map(partnerOf)]) : null;
  const result = new Map<string, AddressView>();
  for (const trade of trades) {
    const visible = addresses !== null && addressShareable(trade, now);
    // In a giveaway handover only the owner sends: the receiver never sees the giver's address, and
    // only the receiver is asked for theirs.
    const sends = sendsInTrade(trade, memberId);
    const partnerSends = sendsInTrade(trade, partnerOf(trade));
    result.set(trade.id, {
      recipientAddress: visible && sends ? (addresses.get(partnerOf(trade)) ?? null) : null,
      needsAddress: visible && partnerSends && addressNeeded(trade) && !addresses.has(memberId),
      carrierCountry: addresses?.get(memberId)?.country ?? fallback,
    });
  }
  return result;
}

/** A ring leg as the rule reads it. */
export interface LegParties {
  giverId: string;
  receiverId: string;
}

/**
 * For each ring: the address of the member the caller gives to (the receiver of the caller's own
 * leg as giver) when the caller may see it, and whether to ask the caller for their own. A ring's
 * other legs never carry an address.
 */
export async function ringAddressViews(
  db: Queryable,
  memberId: string,
  rings: ReadonlyArray<Exchange & { id: string; legs: readonly LegParties[] }>,
  now: Date = new Date(),
): Promise<Map<string, AddressView>> {
  if (rings.length === 0) return new Map();
  const fallback = await fallbackShippingCountry(db);
  const receiverOf = (legs: readonly LegParties[]) =>
    legs.find((leg) => leg.giverId === memberId)?.receiverId;
  // A chain's last member gives nothing but still receives: they are asked for their address too.
  const receives = (legs: readonly LegParties[]) => legs.some((leg) => leg.receiverId === memberId);
  const shareable = rings.filter(
    (ring) => addressShareable(ring, now) && (receiverOf(ring.legs) || receives(ring.legs)),
  );
  const addresses =
    shareable.length > 0
      ? await addressesOf(db, [memberId, ...shareable.flatMap((ring) => receiverOf(ring.legs) ?? [])])
      : null;
  const result = new Map<string, AddressView>();
  for (const ring of rings) {
    const receiver = receiverOf(ring.legs);
    const open = addresses !== null && addressShareable(ring, now);
    const visible = open && receiver !== undefined;
    result.set(ring.id, {
      recipientAddress: visible ? (addresses.get(receiver) ?? null) : null,
      needsAddress: open && receives(ring.legs) && addressNeeded(ring) && !addresses.has(memberId),
      carrierCountry: addresses?.get(memberId)?.country ?? fallback,
    });
  }
  return result;
}

/**
 * The country whose carriers are offered to a member who has no address: the community's country
 * (its settings, GET /api/community). This is the one place that decides it.
 */
export function fallbackShippingCountry(db: Queryable): Promise<string> {
  return communityCountry(db);
}

/** The country whose carriers a member may name for their parcel: their address's, else the fallback. */
export async function shippingCountryOf(db: Queryable, memberId: string): Promise<string> {
  const [row] = await db
    .select({ country: shippingAddresses.country })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, memberId));
  return row?.country ?? (await fallbackShippingCountry(db));
}
