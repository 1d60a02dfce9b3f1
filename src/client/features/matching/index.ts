/** The matching feature's public surface: other features and the app import it from here only. */
export { invalidateBarterMatches } from './api';
export { SuggestValueButton } from './components/suggest-value-button';
export { WhatYouCouldGetButton } from './components/what-you-could-get-button';
export { MatchingActionsProvider } from './matching-actions-provider';
