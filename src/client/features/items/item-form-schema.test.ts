import { draftInput } from '@common/api/drafts';
import { DEFAULT_COMMUNITY } from '@common/api/community';
import { afterEach, describe, expect, it } from 'vitest';
import { setCommunity } from '@client/lib/community';
import { queryClient } from '@client/lib/query-client';
import {
  draftProblems,
  draftToFormValues,
  EMPTY_ITEM_FORM,
  formValuesToDraftInput,
  formValuesToInput,
  type ItemFormValues,
} from './item-form-schema';

function setCurrency(currency: string) {
  setCommunity(queryClient, { ...DEFAULT_COMMUNITY, currency, updatedAt: new Date(0).toISOString() });
}

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

describe('the value in the community’s currency', () => {
  afterEach(() => queryClient.clear());

  it('yen: whole amounts only, stored as typed', () => {
    setCurrency('JPY');
    expect(formValuesToInput({ ...EMPTY_ITEM_FORM, value: '2500' }, []).estimatedValue).toBe(2500);
    expect(draftProblems({ ...EMPTY_ITEM_FORM, value: '24.99' }).map((problem) => problem.field)).toEqual([
      'value',
    ]);
  });

  it('euros: two digits, a comma or a point; shown back as typed', () => {
    setCurrency('EUR');
    expect(formValuesToInput({ ...EMPTY_ITEM_FORM, value: '24,99' }, []).estimatedValue).toBe(2499);
    expect(draftProblems({ ...EMPTY_ITEM_FORM, value: '24.999' }).map((problem) => problem.field)).toEqual([
      'value',
    ]);
    expect(draftToFormValues({ fields: { estimatedValue: 2490 } } as never).value).toBe('24.90');
  });
});
