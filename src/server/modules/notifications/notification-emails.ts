import type { EmailType } from '../../../common/api/email-preferences';
import type { NotificationType } from '../../../common/api/notifications';
import type { Queryable } from '../../db/connect';
import { formatNumber, recipientLocale, translator } from '../../lib/i18n';
import { composeEmail, type EmailContent, type MailMessage } from '../../lib/mail';
import { unsubscribeUrl } from './unsubscribe-links';

export interface EmailRecipient {
  id: string;
  email: string;
  firstName: string;
  /** The member's stored language (`users.locale`); their emails are in it, else in English. */
  locale: string | null;
}

/** Where a member changes which emails they get. */
export const EMAIL_SETTINGS_PATH = '/profile?tab=preferences';

/**
 * An optional email (a notification, the digest): its kind's one-click unsubscribe link in the
 * `List-Unsubscribe` header (RFC 8058) and at the bottom of both parts, and a pointer to the settings.
 */
async function optionalEmail(
  db: Queryable,
  appUrl: string,
  recipient: EmailRecipient,
  type: EmailType,
  subject: string,
  content: Omit<EmailContent, 'unsubscribe' | 'greeting'>,
): Promise<MailMessage> {
  const unsubscribe = await unsubscribeUrl(db, appUrl, recipient, type);
  const locale = recipientLocale(recipient.locale);
  const t = translator(locale);
  return {
    kind: `notify-${type}`,
    to: recipient.email,
    subject,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...composeEmail(
      {
        greeting: t('emails:layout.greeting', { name: recipient.firstName }),
        ...content,
        footer: t('emails:optional.footer', {
          label: t(`emails:emailTypes.${type}`),
          url: `${appUrl}${EMAIL_SETTINGS_PATH}`,
        }),
        unsubscribe: { label: t('emails:optional.unsubscribe'), url: unsubscribe },
      },
      locale,
    ),
  };
}

const openUrl = (appUrl: string, link: string | null) => `${appUrl}${link?.startsWith('/') ? link : '/'}`;

/** The email that tells of one notification at once (a barter request, an acceptance, a ring, a dispute). */
export function immediateEmail(
  db: Queryable,
  appUrl: string,
  recipient: EmailRecipient,
  type: EmailType,
  notification: { title: string; message: string; link: string | null },
) {
  const t = translator(recipientLocale(recipient.locale));
  return optionalEmail(db, appUrl, recipient, type, notification.title, {
    paragraphs: [notification.message],
    action: { label: t('emails:immediate.action'), url: openUrl(appUrl, notification.link) },
  });
}

/**
 * "You have unread messages": one per conversation and unread spell, an hour after the first.
 * `from` is the sender's first name, or null for a swap ring's conversation.
 */
export function unreadMessagesEmail(
  db: Queryable,
  appUrl: string,
  recipient: EmailRecipient,
  unread: { count: number; from: string | null; ring: boolean },
) {
  const t = translator(recipientLocale(recipient.locale));
  const from = unread.ring ? t('emails:unread.yourRing') : (unread.from ?? t('emails:unread.aMember'));
  return optionalEmail(db, appUrl, recipient, 'unreadMessage', t('emails:unread.subject', { from }), {
    paragraphs: [t('emails:unread.body', { from, count: unread.count })],
    action: { label: t('emails:unread.action'), url: `${appUrl}/messages` },
  });
}

/** The most notifications a digest lists; it says how many more there are. */
export const DIGEST_LIST_LIMIT = 30;

/** The daily digest: what happened since the last email, grouped by kind. */
export function digestEmail(
  db: Queryable,
  appUrl: string,
  recipient: EmailRecipient,
  notifications: Array<{ type: NotificationType; title: string; message: string }>,
  total: number,
) {
  const locale = recipientLocale(recipient.locale);
  const t = translator(locale);
  const groups = new Map<NotificationType, string[]>();
  for (const note of notifications)
    groups.set(note.type, [...(groups.get(note.type) ?? []), `${note.title}: ${note.message}`]);
  const sections = [...groups].map(([type, lines]) => ({
    heading: t(`emails:digest.headings.${type}`),
    lines,
  }));
  const more = total - notifications.length;
  return optionalEmail(db, appUrl, recipient, 'digest', t('emails:digest.subject', { count: total }), {
    paragraphs: [
      t('emails:digest.intro'),
      ...(more > 0 ? [t('emails:digest.more', { more: formatNumber(locale, more) })] : []),
    ],
    sections,
    action: { label: t('emails:digest.action'), url: `${appUrl}/` },
  });
}
