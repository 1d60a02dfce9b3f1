/** The items feature's public surface: other features and the app import it from here only. */
export { prefetchBrowse, seedBrowse, seedLandingShowcase, useItemFacets, useItemsInfinite } from './api';
export { CategoryRow } from './components/category-row';
export type { FilterPanelMode } from './components/filter-panel';
export { ItemGrid } from './components/item-grid';
export { ItemResults, type ItemsView } from './components/item-results';
export { ItemsShowcase } from './components/items-showcase';
export { ListItemButton } from './components/list-item-button';
export { MyDrafts } from './components/my-drafts';
export { SortSelect } from './components/sort-select';
export { useDebouncedText, useUrlFilters } from './use-url-filters';

/*
 * Parts that load on demand, each its own chunk: Browse's filter panel and the item detail view.
 */
export const loadFilterPanel = () => import('./components/filter-panel');
export const loadItemDetailDialog = () => import('./components/item-detail-dialog');
export { uploadImage } from '@client/lib/upload-image';
export { LazyListItemDialog, preloadListItemDialog } from './components/lazy-list-item-dialog';
