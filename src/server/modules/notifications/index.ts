/**
 * The notifications module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/notifications/ is its own (eslint.config.js, the server's import boundaries).
 */
export { getNotification, unreadCount } from './notifications.service';
