/**
 * The realtime module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/realtime/ is its own (eslint.config.js, the server's import boundaries).
 */
export { BUS_CHANNEL, type BusEvent } from './event-bus';
