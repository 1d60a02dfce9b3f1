import { formatDollars } from './money';
import { CONDITION_LABELS, type Condition, GENDER_LABELS, type Gender } from './taxonomy';

/**
 * The fields of an item that define a deal: what the other member agrees to receive. A request
 * keeps a copy of both items' deal fields (its terms); while an item is in an accepted trade these
 * fields cannot change. Tags, colours, seasons and location only help members find an item (the
 * photos and description show what it is), so they stay editable.
 */
export const DEAL_FIELDS = [
  'title',
  'description',
  'images',
  'condition',
  'estimatedValue',
  'brand',
  'size',
  'category',
  'gender',
  'style',
] as const;
export type DealField = (typeof DEAL_FIELDS)[number];

export interface ItemTerms {
  title: string;
  description: string;
  images: string[];
  condition: string;
  /** Integer cents. */
  estimatedValue: number;
  brand: string | null;
  size: string | null;
  category: string;
  gender: string;
  style: string | null;
}

export type TermValue = ItemTerms[DealField];

export interface TermsChange {
  field: DealField;
  before: TermValue;
  after: TermValue;
}

/** The deal fields of an item row (absent optional fields read as null), always in DEAL_FIELDS order. */
export function dealTerms(item: {
  title: string;
  description: string;
  images?: string[] | null;
  condition: string;
  estimatedValue: number;
  brand?: string | null;
  size?: string | null;
  category: string;
  gender: string;
  style?: string | null;
}): ItemTerms {
  return {
    title: item.title,
    description: item.description,
    images: [...(item.images ?? [])],
    condition: item.condition,
    estimatedValue: item.estimatedValue,
    brand: item.brand ?? null,
    size: item.size ?? null,
    category: item.category,
    gender: item.gender,
    style: item.style ?? null,
  };
}

function sameValue(a: TermValue, b: TermValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((value, index) => value === b[index])
    );
  }
  return a === b;
}

/** What changed from `before` to `after`, field by field in DEAL_FIELDS order; empty when nothing did. */
export function diffTerms(before: ItemTerms, after: ItemTerms): TermsChange[] {
  return DEAL_FIELDS.filter((field) => !sameValue(before[field], after[field])).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}

export const DEAL_FIELD_LABELS: Record<DealField, string> = {
  title: 'Title',
  description: 'Description',
  images: 'Photos',
  condition: 'Condition',
  estimatedValue: 'Value',
  brand: 'Brand',
  size: 'Size',
  category: 'Category',
  gender: 'Department',
  style: 'Style',
};

/** "title, value and photos": the changed fields for a sentence, in lower case. */
export function describeChangedFields(fields: readonly DealField[]): string {
  const names = fields.map((field) => DEAL_FIELD_LABELS[field].toLowerCase());
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const CATEGORY_LABELS: Record<string, string> = {
  clothing: 'Clothing',
  shoes: 'Shoes',
  accessories: 'Accessories',
};

/** One deal field's value as a person reads it. */
export function formatTermValue(field: DealField, value: TermValue): string {
  if (value === null || value === '') return 'None';
  if (Array.isArray(value)) return value.length === 1 ? '1 photo' : `${value.length} photos`;
  if (field === 'estimatedValue' && typeof value === 'number') return formatDollars(value);
  if (field === 'condition') return CONDITION_LABELS[value as Condition] ?? String(value);
  if (field === 'gender') return GENDER_LABELS[value as Gender] ?? String(value);
  if (field === 'category') return CATEGORY_LABELS[String(value)] ?? String(value);
  return String(value);
}

/** The photos of one version that the other lacks: how a photo change reads without a count. */
export function photoChange(before: string[], after: string[]): { added: number; removed: number } {
  return {
    added: after.filter((url) => !before.includes(url)).length,
    removed: before.filter((url) => !after.includes(url)).length,
  };
}
