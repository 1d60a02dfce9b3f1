import type { ITEM_CATEGORIES } from './taxonomy';

type Category = (typeof ITEM_CATEGORIES)[number];

/**
 * What one item saves when it finds a second wearer instead of a new one being made: a stated,
 * rounded estimate per category, not a measurement. CO2e is the greenhouse gas of making a new
 * item of that kind (life-cycle estimates for a garment, a pair of shoes and a small accessory
 * commonly range 5–30 kg; we take the low end). Landfill is the item's typical weight, which stays
 * out of the waste stream. docs/product.md (Display rules) prints the same table.
 */
export const SWAP_IMPACT_PER_ITEM: Record<Category, { co2Kg: number; weightKg: number }> = {
  clothing: { co2Kg: 8, weightKg: 0.5 },
  shoes: { co2Kg: 14, weightKg: 1 },
  accessories: { co2Kg: 5, weightKg: 0.3 },
};

export interface SwapImpact {
  /** Kilograms of CO2e not emitted. */
  co2Kg: number;
  /** Kilograms kept out of landfill. */
  landfillKg: number;
}

/** The impact of the items swapped so far, given how many of each category changed hands. */
export function swapImpact(swappedByCategory: Partial<Record<Category, number>>): SwapImpact {
  let co2Kg = 0;
  let landfillKg = 0;
  for (const [category, factor] of Object.entries(SWAP_IMPACT_PER_ITEM) as [
    Category,
    (typeof SWAP_IMPACT_PER_ITEM)[Category],
  ][]) {
    const swapped = swappedByCategory[category] ?? 0;
    co2Kg += swapped * factor.co2Kg;
    landfillKg += swapped * factor.weightKg;
  }
  return { co2Kg: Math.round(co2Kg), landfillKg: Math.round(landfillKg) };
}

/** 340 -> '340 kg'; 1000 -> '1 Ton'; 1250 -> '1.3 Tons'; 145000 -> '145 Tons' (metric tonnes). */
export function formatMass(kg: number): string {
  if (kg < 1000) return `${Math.round(kg).toLocaleString('en-US')} kg`;
  const tons = kg / 1000;
  const value = tons < 10 ? tons.toFixed(1).replace(/\.0$/, '') : Math.round(tons).toLocaleString('en-US');
  return `${value} ${value === '1' ? 'Ton' : 'Tons'}`;
}

/** The factors in words, for the page that shows the figures: 'clothing 8 kg CO2e and 0.5 kg, …'. */
export function impactFactorsText(): string {
  return Object.entries(SWAP_IMPACT_PER_ITEM)
    .map(([category, factor]) => `${category} ${factor.co2Kg} kg CO2e and ${factor.weightKg} kg`)
    .join(', ');
}
