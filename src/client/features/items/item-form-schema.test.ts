import { draftInput } from '@common/api/drafts';
import { describe, expect, it } from 'vitest';
import {
  draftProblems,
  draftToFormValues,
  EMPTY_ITEM_FORM,
  formValuesToDraftInput,
  type ItemFormValues,
} from './item-form-schema';

const photo = '/images/00000000-0000-4000-8000-000000000001';

describe('the List Item form as a draft', () => {
  it('keeps only the fields filled in, in the API’s form, which the draft contract accepts', () => {
    const values: ItemFormValues = {
      ...EMPTY_ITEM_FORM,
      title: '  Wool coat ',
      category: 'clothing',
      value: '42.50',
      brand: '   ',
      colors: ['Blue'],
    };
    const input = formValuesToDraftInput(values, [photo]);
    expect(input).toEqual({
      title: 'Wool coat',
      category: 'clothing',
      estimatedValue: 4250,
      colors: ['Blue'],
      images: [photo],
    });
    expect(draftInput.safeParse(input).success).toBe(true);
    expect(formValuesToDraftInput(EMPTY_ITEM_FORM, [])).toEqual({});
  });

  it('refuses only the problems of fields that are filled in', () => {
    expect(draftProblems({ ...EMPTY_ITEM_FORM, title: 'Coat' })).toEqual([]);
    expect(draftProblems({ ...EMPTY_ITEM_FORM, value: 'twelve' }).map((problem) => problem.field)).toEqual([
      'value',
    ]);
  });

  it('pre-fills the form from a draft, empty where the draft has nothing', () => {
    const values = draftToFormValues({
      id: 'd1',
      fields: { title: 'Coat', estimatedValue: 1999, seasons: ['Winter'] },
      images: [photo],
      createdAt: '2026-11-24T00:00:00.000Z',
      updatedAt: '2026-11-24T00:00:00.000Z',
      expiresAt: '2026-12-24T00:00:00.000Z',
    });
    expect(values).toEqual({ ...EMPTY_ITEM_FORM, title: 'Coat', value: '19.99', seasons: ['Winter'] });
  });
});
