import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type DealField, dealTerms, diffTerms, type ItemTerms } from '../../../common/domain/trade-terms';
import { NOTIFICATION_LINKS } from '../../../common/domain/notification-links';
import type { Locale } from '../../../common/domain/locales';
import type { Tx } from '../../db/connect';
import { items, tradeRequests } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { conflict } from '../../lib/errors';
import { listText, text, translator } from '../../lib/i18n';
import { type TradeSides, touchesItems } from './trade-sides';

type ItemRow = typeof items.$inferSelect;

/**
 * A short fingerprint of every item's live terms, both sides. The client sends back the one it
 * showed when the member accepts, so that an edit landing between the dialog and the accept is
 * never accepted unseen.
 */
export function termsVersion(requested: ItemTerms[], offered: ItemTerms[]): string {
  // A one-for-one trade keeps the fingerprint it had before bundles.
  const parts =
    requested.length === 1 && offered.length === 1
      ? [dealTerms(requested[0] as ItemTerms), dealTerms(offered[0] as ItemTerms)]
      : [requested.map(dealTerms), offered.map(dealTerms)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

/**
 * The terms an accept agrees to: the items as they are now, with their rows locked. The member must
 * have seen them: either the version they were shown matches, or, when they send none, nothing
 * changed since the offer. Otherwise 409, and the client shows the request again.
 */
export function termsToAccept(
  sides: TradeSides,
  requested: ItemRow[],
  offered: ItemRow[],
  seenVersion: string | undefined,
): Map<string, ItemTerms> {
  const live = new Map([...requested, ...offered].map((item) => [item.id, dealTerms(item)]));
  const seen =
    seenVersion === undefined
      ? [...live].every(([id, terms]) => {
          const agreed = sides.terms.get(id);
          return agreed !== undefined && diffTerms(agreed, terms).length === 0;
        })
      : seenVersion ===
        termsVersion(
          requested.map((item) => live.get(item.id) as ItemTerms),
          offered.map((item) => live.get(item.id) as ItemTerms),
        );
  if (!seen) throw conflict('trade.item_changed');
  return live;
}

/**
 * An item's deal fields changed: the other party of each pending request on it is told once per
 * change (however many fields changed), and the request shows the difference from its terms.
 */
export async function notifyTermsChanged(
  tx: Tx,
  effects: Effects,
  event: { itemId: string; memberId: string; fields: DealField[] },
) {
  const pending = await tx
    .select({
      requesterId: tradeRequests.requesterId,
      ownerId: tradeRequests.ownerId,
    })
    .from(tradeRequests)
    .where(and(eq(tradeRequests.status, 'pending'), touchesItems([event.itemId])));
  const counterparties = new Set(
    pending.map((trade) => (trade.requesterId === event.memberId ? trade.ownerId : trade.requesterId)),
  );
  if (counterparties.size === 0) return;
  const [item] = await tx.select({ title: items.title }).from(items).where(eq(items.id, event.itemId));
  const changed = (locale: Locale) =>
    listText(
      locale,
      event.fields.map((field) => translator(locale)(`notifications:dealFields.${field}`)),
    );
  effects.notify(
    ...[...counterparties].map((userId) => ({
      userId,
      type: 'trade_request' as const,
      title: text('notifications:trades.itemChanged.title'),
      message: text('notifications:trades.itemChanged.message', {
        item: item?.title ?? text('notifications:common.anItemCapital'),
        changed,
      }),
      link: NOTIFICATION_LINKS.barters,
    })),
  );
}
