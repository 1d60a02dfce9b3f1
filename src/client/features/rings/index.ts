/** The swap rings feature's public surface: pages import it from here only. */
export { invalidateRings, useRing, useRings, useSwapRules } from './api';
export { RingCard, ringTitle } from './components/ring-card';
export { RingHistory } from './components/ring-history';
export { SwapRulesEditor } from './components/swap-rules-editor';
