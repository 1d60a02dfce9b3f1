/** The trades feature's public surface: other features and the app import it from here only. */
export { invalidateTradeRequests, useTradeRequests } from './api';
export { BarterActionsProvider } from './components/barter-actions-provider';
export { BarterManagement } from './components/barter-management';
export { useModerationDisputes } from './api';
export { DisputeReviewCard } from './components/dispute-review-card';
export { DisputeDialog } from './components/dispute-dialog';
