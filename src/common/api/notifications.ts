import { z } from 'zod';
import { pageLimit } from './common';

export const NOTIFICATION_TYPES = [
  'wishlist_match',
  'trade_request',
  'message',
  'match_found',
  'swap_ring',
  /** A new listing matched one of the member's saved searches. */
  'saved_search',
  /** An item the member favourited was reserved, is available again, or was withdrawn. */
  'favorite_update',
  /** A moderator acted on the member's account or listing (a removal, a suspension, a warning). */
  'moderation',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  /** The in-app path it concerns; the popover opens it on click. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = z
  .object({
    limit: pageLimit(100, 50),
  })
  .strict();

export const unreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;
