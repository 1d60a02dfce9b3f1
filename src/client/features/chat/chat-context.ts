import { createContext, useContext } from 'react';

export interface ChatControls {
  /** Opens the floating conversations panel (the avatar menu's 'Messages'). */
  openMessages: () => void;
  /** Opens the chat dialog on one conversation. */
  openConversation: (conversationId: string) => void;
}

const inert: ChatControls = { openMessages: () => undefined, openConversation: () => undefined };

export const ChatContext = createContext<ChatControls>(inert);

/** The chat entry points, for any component below ChatProvider (inert outside it). */
export function useChat(): ChatControls {
  return useContext(ChatContext);
}
