/** The saved-searches feature's public surface: other features and the app import it from here only. */
export {
  invalidateSavedSearches,
  useDeleteSavedSearch,
  useMarkSavedSearchViewed,
  useSavedSearches,
} from './api';
export { canSaveSearch, SaveSearchButton } from './components/save-search-button';
export { SavedSearchRow } from './components/saved-search-row';
