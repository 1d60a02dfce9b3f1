/** The trades feature's public surface: other features and the app import it from here only. */
export { invalidateTradeRequests, useTradeCounts, useTradeRequests } from './api';
export { BarterActionsProvider } from './components/barter-actions-provider';
export { BarterManagement } from './components/barter-management';
export { useModerationDisputes } from './api';
export { DisputeReviewCard } from './components/dispute-review-card';
export { DisputeDialog } from './components/dispute-dialog';
export { tradeRequestUrl, useTradeRequest } from './api';
export { TradeCard, tradePartner } from './components/trade-card';
export { ReceiveDialog } from './components/receive-dialog';
export { sendingState, tradeNextStep, type TradeNextStep } from './next-step';
export {
  TradeHistory,
  TradeNextStepCard,
  TradeSendingState,
  useTradePageTitle,
} from './components/trade-page-parts';
