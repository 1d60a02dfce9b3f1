/** The chat feature's public surface: other features and the app import it from here only. */
export { useChat } from './chat-context';
export { useMessageUnreadCount } from './api';
export { ChatProvider } from './chat-provider';
export { MessagesInbox } from './components/messages-inbox';
export { MessagesLink } from './components/messages-link';
export {
  invalidateAllChat,
  invalidateConversationList,
  invalidateConversations,
  invalidateMessageUnread,
} from './api';
