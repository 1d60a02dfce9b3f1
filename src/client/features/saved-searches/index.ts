/** The saved-searches feature's public surface: other features and the app import it from here only. */
export {
  invalidateSavedSearches,
  useDeleteSavedSearch,
  useMarkSavedSearchViewed,
  useSavedSearches,
} from './api';
/** The button with its dialog, as a chunk of its own (Browse loads it for members only). */
export const loadSaveSearchButton = () => import('./components/save-search-button');
export { SavedSearchRow } from './components/saved-search-row';
