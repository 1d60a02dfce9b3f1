import { composeEmail, type MailMessage } from '../../lib/mail';

interface Recipient {
  email: string;
  firstName: string;
}

const link = (appUrl: string, path: string, token: string) =>
  `${appUrl}${path}?token=${encodeURIComponent(token)}`;

export function passwordResetEmail(appUrl: string, member: Recipient, token: string): MailMessage {
  return {
    kind: 'password-reset',
    to: member.email,
    subject: 'Reset your Threadswap password',
    ...composeEmail({
      greeting: `Hi ${member.firstName},`,
      paragraphs: [
        'Someone (we hope you) asked to reset the password of your Threadswap account.',
        'The link below works once, for 30 minutes. Choosing a new password signs you out everywhere.',
      ],
      action: { label: 'Choose a new password', url: link(appUrl, '/reset-password', token) },
      footer: 'If you did not ask for this, ignore this email: your password stays as it is.',
    }),
  };
}

export function verifyEmailEmail(appUrl: string, member: Recipient, token: string): MailMessage {
  return {
    kind: 'verify-email',
    to: member.email,
    subject: 'Confirm your email for Threadswap',
    ...composeEmail({
      greeting: `Hi ${member.firstName},`,
      paragraphs: [
        'Welcome to Threadswap! Please confirm that this is your email address, so that other members know a real person is behind your trade requests and messages.',
        'The link below works once, for 7 days.',
      ],
      action: { label: 'Confirm my email', url: link(appUrl, '/verify-email', token) },
      footer: 'If you did not sign up for Threadswap, ignore this email.',
    }),
  };
}

export function emailChangeConfirmEmail(
  appUrl: string,
  member: Recipient,
  newEmail: string,
  token: string,
): MailMessage {
  return {
    kind: 'email-change-confirm',
    to: newEmail,
    subject: 'Confirm your new email for Threadswap',
    ...composeEmail({
      greeting: `Hi ${member.firstName},`,
      paragraphs: [
        'You asked to use this address for your Threadswap account from now on.',
        'The link below works once, for 24 hours. Until you open it, your account keeps its current email.',
      ],
      action: { label: 'Use this email', url: link(appUrl, '/confirm-email', token) },
      footer: 'If you did not ask for this, ignore this email: nothing changes.',
    }),
  };
}

export function emailChangeNoticeEmail(appUrl: string, member: Recipient, newEmail: string): MailMessage {
  return {
    kind: 'email-change-notice',
    to: member.email,
    subject: 'Your Threadswap email is about to change',
    ...composeEmail({
      greeting: `Hi ${member.firstName},`,
      paragraphs: [
        `Someone signed in to your Threadswap account asked to change its email to ${newEmail}. It changes once the link sent to that address is opened.`,
        'If this was you, there is nothing to do here.',
      ],
      action: { label: 'Review your account', url: `${appUrl}/profile?tab=preferences` },
      footer:
        'If it was not you, change your password now and end your other sessions in account settings: the change has not happened yet.',
    }),
  };
}
