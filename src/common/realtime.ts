/**
 * The WebSocket protocol at /ws (docs/product.md § Chat): one JSON object per frame, its `type` naming the event.
 * Both sides parse with these schemas.
 */
import { z } from 'zod';
import { message, messageContent } from './api/chat';
import { canonicalId } from './api/common';
import { notification } from './api/notifications';

const id = canonicalId('must be an id');

export const clientEvent = z.discriminatedUnion('type', [
  /** userId is accepted (older clients send it) and ignored: the session says who you are. */
  z.object({
    type: z.literal('join_conversation'),
    conversationId: id,
    userId: z.string().max(100).optional(),
  }),
  z.object({ type: z.literal('leave_conversation'), conversationId: id }),
  z.object({
    type: z.literal('send_message'),
    message: z.object({
      conversationId: id,
      content: messageContent,
      /** Text only here (photos go through POST /api/messages); a card type is refused. */
      messageType: z.literal('text').default('text'),
      senderId: z.string().max(100).optional(),
    }),
  }),
  z.object({
    type: z.literal('typing'),
    conversationId: id,
    isTyping: z.boolean(),
    userId: z.string().max(100).optional(),
  }),
]);
export type ClientEvent = z.input<typeof clientEvent>;

export const serverEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new_message'), message }),
  z.object({
    type: z.literal('typing'),
    conversationId: z.string(),
    userId: z.string(),
    isTyping: z.boolean(),
  }),
  z.object({ type: z.literal('notification'), notification }),
  z.object({ type: z.literal('unread'), count: z.number().int() }),
  z.object({ type: z.literal('messages_read'), conversationId: z.string(), readerId: z.string() }),
  z.object({ type: z.literal('joined'), conversationId: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerEvent = z.infer<typeof serverEvent>;

/**
 * Frames above this many bytes are refused: the largest real event, a 2000-character message, fits
 * well within it, and a client cannot make the server parse megabytes.
 */
export const MAX_FRAME_BYTES = 16 * 1024;
/** A stop signal follows the last key press after this long. */
export const TYPING_STOP_DELAY_MS = 2000;
