/**
 * The safety module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/safety/ is its own (eslint.config.js, the server's import boundaries).
 */
export { MemberBlocks } from './member-blocks';
export {
  assertNotBlocked,
  blockedIds,
  blocksAmong,
  isBlockedAmong,
  isBlockedBetween,
  noBlockBetween,
  reportsWithReporters,
} from './safety.query';
