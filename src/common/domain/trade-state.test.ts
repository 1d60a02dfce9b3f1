import { describe, expect, it } from 'vitest';
import {
  canConfirmReceipt,
  canDispute,
  canTransition,
  claimDeadline,
  DAY_MS,
  isOpenForOffers,
  timeLeft,
  type TradeStatus,
  tradeStatusBadge,
} from './trade-state';

const at = (status: TradeStatus, requesterReceived = false, ownerReceived = false) => ({
  status,
  requesterReceived,
  ownerReceived,
});

describe('trade transitions', () => {
  it('lets the owner accept or decline a pending request', () => {
    expect(canTransition(at('pending'), 'accepted', 'owner')).toEqual({ ok: true });
    expect(canTransition(at('pending'), 'declined', 'owner')).toEqual({ ok: true });
    expect(canTransition(at('pending'), 'accepted', 'requester')).toEqual({
      ok: false,
      reason: 'wrong-role',
    });
  });
  it('lets the requester cancel a pending request', () => {
    expect(canTransition(at('pending'), 'cancelled', 'requester')).toEqual({ ok: true });
    expect(canTransition(at('pending'), 'cancelled', 'owner')).toEqual({ ok: false, reason: 'wrong-role' });
  });
  it('lets either party cancel an accepted trade until a receipt is confirmed', () => {
    expect(canTransition(at('accepted'), 'cancelled', 'owner')).toEqual({ ok: true });
    expect(canTransition(at('accepted'), 'cancelled', 'requester')).toEqual({ ok: true });
    expect(canTransition(at('accepted', true), 'cancelled', 'owner')).toEqual({
      ok: false,
      reason: 'wrong-status',
    });
  });
  it('refuses transitions out of settled and disputed states', () => {
    for (const status of ['disputed', 'declined', 'cancelled', 'completed'] as const) {
      expect(canTransition(at(status), 'accepted', 'owner')).toEqual({ ok: false, reason: 'wrong-status' });
      expect(canTransition(at(status), 'cancelled', 'requester')).toEqual({
        ok: false,
        reason: 'wrong-status',
      });
    }
  });
  it('confirms receipt only on accepted trades (a dispute freezes the trade)', () => {
    expect(canConfirmReceipt('accepted')).toBe(true);
    expect(canConfirmReceipt('pending')).toBe(false);
    expect(canConfirmReceipt('disputed')).toBe(false);
    expect(canConfirmReceipt('completed')).toBe(false);
  });
  it('maps statuses to their badge styles', () => {
    expect(tradeStatusBadge('pending')).toBe('secondary');
    expect(tradeStatusBadge('accepted')).toBe('default');
    expect(tradeStatusBadge('completed')).toBe('outline');
    expect(tradeStatusBadge('declined')).toBe('destructive');
  });
});

describe('claim window', () => {
  const first = new Date('2025-03-01T10:00:00Z');
  it('opens with the first receipt and closes with the second', () => {
    expect(claimDeadline({ requesterReceivedAt: null, ownerReceivedAt: null }, 3)).toBeNull();
    expect(claimDeadline({ requesterReceivedAt: first, ownerReceivedAt: null }, 3)?.toISOString()).toBe(
      '2025-03-04T10:00:00.000Z',
    );
    expect(claimDeadline({ requesterReceivedAt: first, ownerReceivedAt: first }, 3)).toBeNull();
  });
  it('lets the party who has not confirmed dispute until the deadline', () => {
    const deadline = new Date(first.getTime() + 3 * DAY_MS);
    const trade = at('accepted', false, true);
    expect(canDispute(trade, 'requester', deadline, first)).toBe(true);
    expect(canDispute(trade, 'owner', deadline, first)).toBe(false);
    expect(canDispute(trade, 'requester', deadline, deadline)).toBe(false);
    expect(canDispute(at('accepted'), 'owner', null, first)).toBe(true);
    expect(canDispute(at('disputed'), 'owner', null, first)).toBe(false);
  });
  it('counts down in days and hours', () => {
    const deadline = new Date(first.getTime() + 2 * DAY_MS + 5 * 60 * 60 * 1000);
    expect(timeLeft(deadline, first)).toEqual({ days: 2, hours: 5 });
    expect(timeLeft(first, deadline)).toBeNull();
  });
});

describe('isOpenForOffers', () => {
  it('a listed item that is available or has offers pending takes offers', () => {
    expect(isOpenForOffers({ isActive: true, availability: 'available' })).toBe(true);
    expect(isOpenForOffers({ isActive: true, availability: 'pending' })).toBe(true);
  });

  it('a reserved, traded or unlisted item takes none', () => {
    expect(isOpenForOffers({ isActive: true, availability: 'reserved' })).toBe(false);
    expect(isOpenForOffers({ isActive: true, availability: 'traded' })).toBe(false);
    expect(isOpenForOffers({ isActive: false, availability: 'available' })).toBe(false);
  });
});
