/**
 * The moderation module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/moderation/ is its own (eslint.config.js, the server's import boundaries).
 */
export { changeRole } from './admin.service';
export { recordAction } from './audit';
export { assertMaySignIn } from './member-sanctions.service';
export { setReportStatus } from './report-actions.service';
export { anySuspended } from './suspension-state';
