import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  DEAL_FIELDS,
  type DealField,
  dealTerms,
  diffTerms,
  type ItemTerms,
} from '../../../common/domain/trade-terms';
import { tradePath } from '../../../common/domain/notification-links';
import type { Tx } from '../../db/connect';
import { items, tradeRequests } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { conflict } from '../../lib/errors';
import { list, text } from '../../lib/i18n';
import { loadSides, type TradeSides, touchesItems } from './trade-sides';

type ItemRow = typeof items.$inferSelect;

/**
 * A short fingerprint of every item's live terms, both sides. The client sends back the one it
 * showed when the member accepts, so that an edit landing between the dialog and the accept is
 * never accepted unseen.
 */
export function termsVersion(requested: ItemTerms[], offered: ItemTerms[]): string {
  const parts = [requested.map(dealTerms), offered.map(dealTerms)];
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
 * An item's deal fields changed: the other party of each pending request on it is told, once per
 * request (however many fields changed), what differs now from the terms the request holds, and
 * whatever this change touched. A burst of changes is one notification per request and party: an
 * unread one from the last few minutes is rewritten instead (NewNotification.coalesceKey).
 */
export async function notifyTermsChanged(
  tx: Tx,
  effects: Effects,
  event: { itemId: string; memberId: string; fields: DealField[] },
) {
  const pending = await tx
    .select()
    .from(tradeRequests)
    .where(and(eq(tradeRequests.status, 'pending'), touchesItems([event.itemId])));
  if (pending.length === 0) return;
  const [item] = await tx.select().from(items).where(eq(items.id, event.itemId));
  if (!item) return;
  const live = dealTerms(item);
  const sides = await loadSides(tx, pending);
  effects.notify(
    ...pending.map((trade) => {
      const agreed = sides.get(trade.id)?.terms.get(event.itemId);
      const differing = new Set<DealField>([
        ...event.fields,
        ...(agreed ? diffTerms(agreed, live).map((change) => change.field) : []),
      ]);
      const fields = DEAL_FIELDS.filter((field) => differing.has(field));
      const changed = list(fields.map((field) => text(`notifications:dealFields.${field}`)));
      return {
        userId: trade.requesterId === event.memberId ? trade.ownerId : trade.requesterId,
        type: 'trade_request' as const,
        title: text('notifications:trades.itemChanged.title'),
        message: text('notifications:trades.itemChanged.message', { item: item.title, changed }),
        link: tradePath(trade.id),
        coalesceKey: `terms-changed:${trade.id}`,
      };
    }),
  );
}
