import { describe, expect, it } from 'vitest';
import { canConfirmReceipt, canTransition, tradeStatusBadge } from './trade-state';

describe('trade transitions', () => {
  it('lets the owner accept or decline a pending request', () => {
    expect(canTransition('pending', 'accepted', 'owner')).toEqual({ ok: true });
    expect(canTransition('pending', 'declined', 'owner')).toEqual({ ok: true });
    expect(canTransition('pending', 'accepted', 'requester')).toEqual({ ok: false, reason: 'wrong-role' });
  });
  it('lets the requester cancel a pending request', () => {
    expect(canTransition('pending', 'cancelled', 'requester')).toEqual({ ok: true });
    expect(canTransition('pending', 'cancelled', 'owner')).toEqual({ ok: false, reason: 'wrong-role' });
  });
  it('refuses transitions out of settled states', () => {
    for (const status of ['accepted', 'declined', 'cancelled', 'completed'] as const) {
      expect(canTransition(status, 'accepted', 'owner')).toEqual({ ok: false, reason: 'wrong-status' });
      expect(canTransition(status, 'cancelled', 'requester')).toEqual({ ok: false, reason: 'wrong-status' });
    }
  });
  it('confirms receipt only on accepted trades', () => {
    expect(canConfirmReceipt('accepted')).toBe(true);
    expect(canConfirmReceipt('pending')).toBe(false);
    expect(canConfirmReceipt('completed')).toBe(false);
  });
  it('maps statuses to their badge styles', () => {
    expect(tradeStatusBadge('pending')).toBe('secondary');
    expect(tradeStatusBadge('accepted')).toBe('default');
    expect(tradeStatusBadge('completed')).toBe('outline');
    expect(tradeStatusBadge('declined')).toBe('destructive');
  });
});
