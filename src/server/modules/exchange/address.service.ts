import { eq } from 'drizzle-orm';
import type { ShippingAddress, ShippingAddressInput } from '../../../common/api/addresses';
import { shippingAddresses } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { ownAddress } from './recipient-address.query';

/**
 * The member's own private shipping address (account settings). Reading it here is for its owner
 * only; who else sees it is decided in recipient-address.query.ts.
 */
export async function getAddress(ctx: ServiceContext, memberId: string) {
  return { address: await ownAddress(ctx.db, memberId) };
}

/** Replaces the member's address with this one (one row per member, written in one statement). */
export async function saveAddress(
  ctx: ServiceContext,
  memberId: string,
  input: Omit<ShippingAddress, 'country'> & { country: string },
) {
  const values = {
    name: input.name,
    line1: input.line1,
    line2: input.line2 ?? null,
    postcode: input.postcode,
    city: input.city,
    country: input.country,
    phone: input.phone ?? null,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(shippingAddresses)
    .values({ userId: memberId, ...values })
    .onConflictDoUpdate({ target: shippingAddresses.userId, set: values });
  return getAddress(ctx, memberId);
}

/** Forgets the member's address; senders of their open swaps no longer see one. */
export async function deleteAddress(ctx: ServiceContext, memberId: string) {
  await ctx.db.delete(shippingAddresses).where(eq(shippingAddresses.userId, memberId));
  return { address: null };
}

export type { ShippingAddressInput };
