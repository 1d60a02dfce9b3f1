import type { Locale } from '../../../common/domain/locales';
import { translator } from '../../lib/i18n';
import { composeEmail, type MailMessage } from '../../lib/mail';

interface Recipient {
  email: string;
  firstName: string;
}

const link = (appUrl: string, path: string, token: string) =>
  `${appUrl}${path}?token=${encodeURIComponent(token)}`;

/** The account emails, each in `locale`: the member's stored choice, else the language of their request. */
export function passwordResetEmail(
  appUrl: string,
  member: Recipient,
  token: string,
  locale: Locale,
): MailMessage {
  const t = translator(locale);
  return {
    kind: 'password-reset',
    to: member.email,
    subject: t('emails:passwordReset.subject'),
    ...composeEmail(
      {
        greeting: t('emails:layout.greeting', { name: member.firstName }),
        paragraphs: [t('emails:passwordReset.asked'), t('emails:passwordReset.validity')],
        action: { label: t('emails:passwordReset.action'), url: link(appUrl, '/reset-password', token) },
        footer: t('emails:passwordReset.footer'),
      },
      locale,
    ),
  };
}

export function verifyEmailEmail(
  appUrl: string,
  member: Recipient,
  token: string,
  locale: Locale,
): MailMessage {
  const t = translator(locale);
  return {
    kind: 'verify-email',
    to: member.email,
    subject: t('emails:verifyEmail.subject'),
    ...composeEmail(
      {
        greeting: t('emails:layout.greeting', { name: member.firstName }),
        paragraphs: [t('emails:verifyEmail.welcome'), t('emails:verifyEmail.validity')],
        action: { label: t('emails:verifyEmail.action'), url: link(appUrl, '/verify-email', token) },
        footer: t('emails:verifyEmail.footer'),
      },
      locale,
    ),
  };
}

export function emailChangeConfirmEmail(
  appUrl: string,
  member: Recipient,
  newEmail: string,
  token: string,
  locale: Locale,
): MailMessage {
  const t = translator(locale);
  return {
    kind: 'email-change-confirm',
    to: newEmail,
    subject: t('emails:emailChangeConfirm.subject'),
    ...composeEmail(
      {
        greeting: t('emails:layout.greeting', { name: member.firstName }),
        paragraphs: [t('emails:emailChangeConfirm.asked'), t('emails:emailChangeConfirm.validity')],
        action: { label: t('emails:emailChangeConfirm.action'), url: link(appUrl, '/confirm-email', token) },
        footer: t('emails:emailChangeConfirm.footer'),
      },
      locale,
    ),
  };
}

export function emailChangeNoticeEmail(
  appUrl: string,
  member: Recipient,
  newEmail: string,
  locale: Locale,
): MailMessage {
  const t = translator(locale);
  return {
    kind: 'email-change-notice',
    to: member.email,
    subject: t('emails:emailChangeNotice.subject'),
    ...composeEmail(
      {
        greeting: t('emails:layout.greeting', { name: member.firstName }),
        paragraphs: [t('emails:emailChangeNotice.asked', { newEmail }), t('emails:emailChangeNotice.ifYou')],
        action: { label: t('emails:emailChangeNotice.action'), url: `${appUrl}/profile?tab=preferences` },
        footer: t('emails:emailChangeNotice.footer'),
      },
      locale,
    ),
  };
}
