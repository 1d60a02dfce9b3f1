import { createContext, useContext } from 'react';

export interface ChatControls {
  /** Opens the floating conversations panel (the avatar menu's 'Messages'). */
  openMessages: () => void;
  /** Opens the chat dialog on one conversation. */
  openConversation: (conversationId: string) => void;
  /** Opens the conversation with another member about an item (made on first use). */
  messageAbout: (otherUserId: string, relatedItemId: string | null) => void;
  /** The conversation whose chat is open on screen, if any. */
  openConversationId: string | null;
}

const inert: ChatControls = {
  openMessages: () => undefined,
  openConversation: () => undefined,
  messageAbout: () => undefined,
  openConversationId: null,
};

export const ChatContext = createContext<ChatControls>(inert);

/** The chat entry points, for any component below ChatProvider (inert outside it). */
export function useChat(): ChatControls {
  return useContext(ChatContext);
}
