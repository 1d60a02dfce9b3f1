import { describe, expect, it } from 'vitest';
import { dealReliability, ringMemberOdds } from './ring-odds';
import { acceptanceRate } from './ring-state';

const clean = { accepted: 0, cancelled: 0, disputesLost: 0 };

describe('ring member odds', () => {
  it('leaves a new member at the acceptance prior', () => {
    expect(dealReliability(clean)).toBe(1);
    expect(ringMemberOdds({ accepted: 0, proposed: 0 }, clean)).toBeCloseTo(0.7);
  });

  it('keeps a member who saw every deal through at their acceptance rate', () => {
    expect(dealReliability({ accepted: 12, cancelled: 0, disputesLost: 0 })).toBe(1);
    expect(ringMemberOdds({ accepted: 4, proposed: 5 }, { ...clean, accepted: 12 })).toBeCloseTo(
      acceptanceRate(4, 5),
    );
  });

  it('discounts cancelled deals and lost disputes, shrunk towards reliable', () => {
    expect(dealReliability({ accepted: 1, cancelled: 1, disputesLost: 0 })).toBeCloseTo(3 / 4);
    expect(dealReliability({ accepted: 2, cancelled: 1, disputesLost: 1 })).toBeCloseTo(3 / 5);
    expect(dealReliability({ accepted: 10, cancelled: 2, disputesLost: 0 })).toBeCloseTo(11 / 13);
    expect(
      ringMemberOdds({ accepted: 0, proposed: 0 }, { accepted: 1, cancelled: 1, disputesLost: 0 }),
    ).toBeCloseTo(0.7 * 0.75);
  });

  it('never counts more broken deals than accepted ones, nor goes below zero', () => {
    const odd = { accepted: 1, cancelled: 3, disputesLost: 2 };
    expect(dealReliability(odd)).toBeCloseTo(3 / 4);
    expect(dealReliability({ accepted: -1, cancelled: -1, disputesLost: 0 })).toBe(1);
  });

  it('orders an unreliable member below a reliable one with the same acceptance', () => {
    const proposals = { accepted: 3, proposed: 4 };
    expect(ringMemberOdds(proposals, { accepted: 5, cancelled: 2, disputesLost: 0 })).toBeLessThan(
      ringMemberOdds(proposals, { accepted: 5, cancelled: 0, disputesLost: 0 }),
    );
  });
});
