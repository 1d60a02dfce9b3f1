import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../../db/schema';
import { itemColumns } from './items.presenter';

describe('the columns an item is shown with', () => {
  it('leave out the search and bookkeeping columns, which every list would render as text for nothing', () => {
    const shown = Object.keys(itemColumns.item);
    for (const column of ['searchVector', 'titleVector', 'searchText', 'conditionRank', 'trendingScore'])
      expect(shown).not.toContain(column);
    // Every shown field is a column of the items table, but the owner's town (named from the towns table).
    const columns = Object.keys(getTableColumns(items));
    for (const field of shown.filter((name) => name !== 'town')) expect(columns).toContain(field);
  });
});
