/**
 * The trades module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/trades/ is its own (eslint.config.js, the server's import boundaries).
 */
export { assertOwnPhotos } from './dispute-photos';
/** The moderation queue's shared columns, aliases, filter and presenter (dispute-queue-columns.ts). */
export * as disputeQueue from './dispute-queue-columns';
export { presentDispute } from './dispute.presenter';
export { memberReliability } from './reliability.query';
export { inAcceptedTrade, lockItemsForUpdate, memberAcceptedCommitments } from './trade-holds';
export { sidesOf } from './trade-sides';
