import { describe, expect, it } from 'vitest';
import { groupTrades, offerableItems, receiptState } from './trade-board';
import type { TradeStatus } from './trade-state';

const trade = (id: string, status: TradeStatus) => ({ id, status });

describe('groupTrades', () => {
  it('sorts trades into the three tabs and the history, keeping order', () => {
    const board = groupTrades([
      trade('a', 'pending'),
      trade('b', 'declined'),
      trade('c', 'accepted'),
      trade('d', 'pending'),
      trade('e', 'completed'),
      trade('f', 'cancelled'),
    ]);
    expect(board.pending.map((t) => t.id)).toEqual(['a', 'd']);
    expect(board.accepted.map((t) => t.id)).toEqual(['c']);
    expect(board.completed.map((t) => t.id)).toEqual(['e']);
    expect(board.history.map((t) => t.id)).toEqual(['b', 'f']);
  });
  it('answers empty lists without trades', () => {
    expect(groupTrades([])).toEqual({ pending: [], accepted: [], completed: [], history: [] });
  });
});

describe('receiptState', () => {
  it('reads the owner flag as mine on incoming trades', () => {
    expect(receiptState({ side: 'incoming', ownerReceived: true, requesterReceived: false })).toEqual({
      mine: true,
      theirs: false,
    });
  });
  it('reads the requester flag as mine on outgoing trades', () => {
    expect(receiptState({ side: 'outgoing', ownerReceived: true, requesterReceived: false })).toEqual({
      mine: false,
      theirs: true,
    });
  });
});

describe('offerableItems', () => {
  const item = (id: string, availability: string, isActive = true) => ({ id, availability, isActive });
  it('keeps listed items that are available or pending, without the target', () => {
    const items = [
      item('a', 'available'),
      item('b', 'pending'),
      item('c', 'reserved'),
      item('d', 'traded', false),
      item('e', 'available', false),
      item('target', 'available'),
    ];
    expect(offerableItems(items, 'target').map((i) => i.id)).toEqual(['a', 'b']);
  });
});

describe('disputed trades on the board', () => {
  it('stay with the accepted ones until a moderator decides', () => {
    expect(groupTrades([{ status: 'disputed' as const }]).accepted).toHaveLength(1);
  });
});
