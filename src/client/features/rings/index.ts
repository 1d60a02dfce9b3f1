/** The swap rings feature's public surface: pages import it from here only. */
export { invalidateRings, useRings, useSwapRules } from './api';
export { RingCard } from './components/ring-card';
export { SwapRulesEditor } from './components/swap-rules-editor';
