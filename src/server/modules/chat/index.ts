/**
 * The chat module's public surface: what other modules (and db/) may import from it. Everything
 * else in src/server/modules/chat/ is its own (eslint.config.js, the server's import boundaries).
 */
export { loadMessage, requireParticipant } from './chat-read.service';
export { markViewing, sendMessage, stopViewing, touchViewing } from './chat.service';
export { ringConversationIds } from './group-chat.query';
export { otherGroupMembers } from './group-chat.service';
