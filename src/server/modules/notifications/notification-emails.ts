import { EMAIL_TYPE_LABELS, type EmailType } from '../../../common/api/email-preferences';
import type { NotificationType } from '../../../common/api/notifications';
import type { Db } from '../../db/connect';
import { composeEmail, type EmailContent, type MailMessage } from '../../lib/mail';
import { unsubscribeUrl } from './unsubscribe-links';

export interface EmailRecipient {
  id: string;
  email: string;
  firstName: string;
}

/** Where a member changes which emails they get. */
export const EMAIL_SETTINGS_PATH = '/profile?tab=preferences';

/**
 * An optional email (a notification, the digest): its kind's one-click unsubscribe link in the
 * `List-Unsubscribe` header (RFC 8058) and at the bottom of both parts, and a pointer to the settings.
 */
async function optionalEmail(
  db: Db,
  appUrl: string,
  recipient: EmailRecipient,
  type: EmailType,
  subject: string,
  content: Omit<EmailContent, 'unsubscribe' | 'greeting'>,
): Promise<MailMessage> {
  const unsubscribe = await unsubscribeUrl(db, appUrl, recipient.id, type);
  return {
    kind: `notify-${type}`,
    to: recipient.email,
    subject,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...composeEmail({
      greeting: `Hi ${recipient.firstName},`,
      ...content,
      footer: `You get this email because "${EMAIL_TYPE_LABELS[type]}" is on in your email settings: ${appUrl}${EMAIL_SETTINGS_PATH}`,
      unsubscribe: { label: 'Unsubscribe from these emails', url: unsubscribe },
    }),
  };
}

const openUrl = (appUrl: string, link: string | null) => `${appUrl}${link?.startsWith('/') ? link : '/'}`;

/** The email that tells of one notification at once (a barter request, an acceptance, a ring, a dispute). */
export function immediateEmail(
  db: Db,
  appUrl: string,
  recipient: EmailRecipient,
  type: EmailType,
  notification: { title: string; message: string; link: string | null },
) {
  return optionalEmail(db, appUrl, recipient, type, notification.title, {
    paragraphs: [notification.message],
    action: { label: 'Open Threadswap', url: openUrl(appUrl, notification.link) },
  });
}

/** "You have unread messages": one per conversation and unread spell, an hour after the first. */
export function unreadMessagesEmail(
  db: Db,
  appUrl: string,
  recipient: EmailRecipient,
  unread: { count: number; from: string },
) {
  const messages = unread.count === 1 ? 'a message' : `${unread.count} messages`;
  return optionalEmail(db, appUrl, recipient, 'unreadMessage', `Unread messages from ${unread.from}`, {
    paragraphs: [`${unread.from} sent you ${messages} on Threadswap that you have not read yet.`],
    action: { label: 'Read and reply', url: `${appUrl}/messages` },
  });
}

const DIGEST_HEADINGS: Record<NotificationType, string> = {
  trade_request: 'Your barters',
  swap_ring: 'Your swap rings',
  saved_search: 'New items for your saved searches',
  wishlist_match: 'Wishlist matches',
  match_found: 'Matches for your items',
  favorite_update: 'Your favourites',
  message: 'Messages',
  other: 'Everything else',
};

/** The most notifications a digest lists; it says how many more there are. */
export const DIGEST_LIST_LIMIT = 30;

/** The daily digest: what happened since the last email, grouped by kind. */
export function digestEmail(
  db: Db,
  appUrl: string,
  recipient: EmailRecipient,
  notifications: Array<{ type: NotificationType; title: string; message: string }>,
  total: number,
) {
  const groups = new Map<NotificationType, string[]>();
  for (const note of notifications)
    groups.set(note.type, [...(groups.get(note.type) ?? []), `${note.title}: ${note.message}`]);
  const sections = [...groups].map(([type, lines]) => ({ heading: DIGEST_HEADINGS[type], lines }));
  const more = total - notifications.length;
  return optionalEmail(
    db,
    appUrl,
    recipient,
    'digest',
    total === 1 ? 'Your Threadswap digest: 1 update' : `Your Threadswap digest: ${total} updates`,
    {
      paragraphs: [
        'Here is what happened on Threadswap that you have not seen yet.',
        ...(more > 0 ? [`…and ${more} more in the app.`] : []),
      ],
      sections,
      action: { label: 'Open Threadswap', url: `${appUrl}/` },
    },
  );
}
