import { describe, expect, it } from 'vitest';
import { formatMass, impactFactorsText, SWAP_IMPACT_PER_ITEM, swapImpact } from './swap-impact';

describe('swapImpact', () => {
  it('adds each swapped item by its category factor', () => {
    expect(swapImpact({})).toEqual({ co2Kg: 0, landfillKg: 0 });
    expect(swapImpact({ clothing: 2, shoes: 1, accessories: 1 })).toEqual({
      co2Kg:
        2 * SWAP_IMPACT_PER_ITEM.clothing.co2Kg +
        SWAP_IMPACT_PER_ITEM.shoes.co2Kg +
        SWAP_IMPACT_PER_ITEM.accessories.co2Kg,
      landfillKg: Math.round(2 * 0.5 + 1 + 0.3),
    });
  });
});

describe('formatMass', () => {
  it('reads kilograms below a tonne and tonnes above', () => {
    expect(formatMass(0)).toBe('0 kg');
    expect(formatMass(340)).toBe('340 kg');
    expect(formatMass(1000)).toBe('1 Ton');
    expect(formatMass(1250)).toBe('1.3 Tons');
    expect(formatMass(145_000)).toBe('145 Tons');
  });
});

describe('impactFactorsText', () => {
  it('states every factor', () => {
    expect(impactFactorsText()).toBe(
      'clothing 8 kg CO2e and 0.5 kg, shoes 14 kg CO2e and 1 kg, accessories 5 kg CO2e and 0.3 kg',
    );
  });
});
