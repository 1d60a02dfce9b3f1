/** The giveaways feature's public surface: asking for a giveaway, and its owner picking an asker. */
export { AskForGiveaway } from './components/ask-for-giveaway';
export { GiveawayAskers } from './components/giveaway-askers';
