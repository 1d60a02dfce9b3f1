import type { Locale } from '../../../common/domain/locales';
import { translator } from '../../lib/i18n';
import { composeEmail, type MailMessage } from '../../lib/mail';

interface Recipient {
  email: string;
  firstName: string;
}

/** The catalogue section (`emails:<key>.*`) of each account email, named after its kind. */
const KEYS = {
  'password-reset': 'passwordReset',
  'verify-email': 'verifyEmail',
  'email-change-confirm': 'emailChangeConfirm',
  'email-change-notice': 'emailChangeNotice',
} as const;

type AccountEmailKind = keyof typeof KEYS;

const link = (appUrl: string, path: string, token: string) =>
  `${appUrl}${path}?token=${encodeURIComponent(token)}`;

/**
 * One account email: a greeting, two paragraphs, one button and a footer, all from the catalogue
 * section of its kind. `paragraphs` names the section's two paragraph keys.
 */
function accountEmail(
  kind: AccountEmailKind,
  to: string,
  member: Recipient,
  locale: Locale,
  content: { paragraphs: [string, string]; url: string; values?: Record<string, string> },
): MailMessage {
  const t = translator(locale);
  const key = KEYS[kind];
  return {
    kind,
    to,
    subject: t(`emails:${key}.subject`),
    ...composeEmail(
      {
        greeting: t('emails:layout.greeting', { name: member.firstName }),
        paragraphs: content.paragraphs.map((paragraph) =>
          t(`emails:${key}.${paragraph}`, content.values ?? {}),
        ),
        action: { label: t(`emails:${key}.action`), url: content.url },
        footer: t(`emails:${key}.footer`),
      },
      locale,
    ),
  };
}

/** The account emails, each in `locale`: the member's stored choice, else the language of their request. */
export const passwordResetEmail = (appUrl: string, member: Recipient, token: string, locale: Locale) =>
  accountEmail('password-reset', member.email, member, locale, {
    paragraphs: ['asked', 'validity'],
    url: link(appUrl, '/reset-password', token),
  });

export const verifyEmailEmail = (appUrl: string, member: Recipient, token: string, locale: Locale) =>
  accountEmail('verify-email', member.email, member, locale, {
    paragraphs: ['welcome', 'validity'],
    url: link(appUrl, '/verify-email', token),
  });

export const emailChangeConfirmEmail = (
  appUrl: string,
  member: Recipient,
  newEmail: string,
  token: string,
  locale: Locale,
) =>
  accountEmail('email-change-confirm', newEmail, member, locale, {
    paragraphs: ['asked', 'validity'],
    url: link(appUrl, '/confirm-email', token),
  });

export const emailChangeNoticeEmail = (appUrl: string, member: Recipient, newEmail: string, locale: Locale) =>
  accountEmail('email-change-notice', member.email, member, locale, {
    paragraphs: ['asked', 'ifYou'],
    url: `${appUrl}/profile?tab=preferences`,
    values: { newEmail },
  });
