import { z } from 'zod';
import {
  MAX_LOGIN_PASSWORD_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../domain/password-policy';
import { oneLine } from './common';
import { invitationToken } from './community';
import { user } from './users';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from '../domain/limits';
import { isReservedEmail, RESERVED_EMAIL_MESSAGE } from '../domain/reserved-email';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/password-policy';

const email = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, { message: 'Email is required' })
  .max(MAX_EMAIL_LENGTH, { message: `Email must be at most ${MAX_EMAIL_LENGTH} characters` })
  .pipe(z.email({ message: 'Please enter a valid email address' }))
  .transform((value) => value.toLowerCase());

/** An address an account may take (sign-up, email change): not a reserved one. */
const accountEmail = email.refine((value) => !isReservedEmail(value), { message: RESERVED_EMAIL_MESSAGE });

export const registerInput = z.object({
  firstName: z
    .string({ message: 'First name is required' })
    .trim()
    .min(1, { message: 'First name is required' })
    .max(MAX_NAME_LENGTH, { message: `First name must be at most ${MAX_NAME_LENGTH} characters` })
    .refine(...oneLine('First name')),
  lastName: z
    .string()
    .trim()
    .max(MAX_NAME_LENGTH, { message: `Last name must be at most ${MAX_NAME_LENGTH} characters` })
    .refine(...oneLine('Last name'))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  email: accountEmail,
  password: z
    .string({ message: 'Password is required' })
    .min(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long` })
    .max(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` }),
  /** The token of an invitation link; needed when the community is invite-only (api/community.ts). */
  invitation: invitationToken.optional().nullable(),
});
export type RegisterInput = z.input<typeof registerInput>;

export const loginInput = z.object({
  email,
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(MAX_LOGIN_PASSWORD_LENGTH, { message: 'Invalid email or password' }),
});
export type LoginInput = z.input<typeof loginInput>;

export const authStatus = z.object({
  authenticated: z.boolean(),
  user: user.nullable(),
  /**
   * The external OpenID Connect provider members may sign in with (its name on the button), or
   * null when the server has none configured: then no external sign-in is offered anywhere.
   */
  externalSignIn: z.object({ providerName: z.string() }).nullable(),
  /** The server runs as a demo (DEMO): Dev Login and the notes for developers are shown. */
  demo: z.boolean(),
});
export type AuthStatus = z.infer<typeof authStatus>;

/** Dev Login; a userId sent by older clients is ignored: it always signs in the demo member. */
export const demoLoginInput = z.object({ userId: z.string().max(100).optional() }).nullish();

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** The full-page sign-in entry points take any query (an old link's parameters) and ignore it. */
export const redirectQuery = z.object({}).passthrough();

/** One of the member's signed-in sessions, for the session list in account settings. */
export const memberSession = z.object({
  id: z.uuid(),
  /** Browser and system, read from the User-Agent at sign-in ("Firefox on Windows"). */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSession>;
export const memberSessions = z.array(memberSession);

export const endSessionsQuery = z.object({
  others: z.enum(['true'], { message: 'Only others=true is supported: end one session by its id' }),
});
export const endedSessions = z.object({ ended: z.number().int() });

/** What every refused email link says: whether it was never valid, used or expired is not told apart. */
export const INVALID_EMAIL_LINK = 'This link is invalid or has expired. Please ask for a new one.';

/** The token of an emailed link: random, URL-safe. */
const emailToken = z
  .string({ message: 'The link has no token' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: INVALID_EMAIL_LINK });

const newPassword = z
  .string({ message: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long` })
  .max(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` });

/** Ask for a password reset link; the answer is 202 whatever the email. */
export const passwordResetInput = z.object({ email });
export type PasswordResetInput = z.input<typeof passwordResetInput>;

export const passwordResetConfirmInput = z.object({ token: emailToken, password: newPassword });
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;

export const verifyEmailInput = z.object({ token: emailToken });
export type VerifyEmailInput = z.input<typeof verifyEmailInput>;

/** Change the account's email: the current password, and the new address that must confirm it. */
export const emailChangeInput = z.object({
  newEmail: accountEmail,
  password: z
    .string({ message: 'Your current password is required' })
    .min(1, { message: 'Your current password is required' })
    .max(MAX_LOGIN_PASSWORD_LENGTH, { message: 'Your password is incorrect' }),
});
export type EmailChangeInput = z.input<typeof emailChangeInput>;

export const emailChangeConfirmInput = z.object({ token: emailToken });

/** Accepted: whatever happens next happens by email. */
export const acceptedResponse = z.object({ ok: z.literal(true) });

/** The message a member who has not verified their email gets for what needs it. */
export const EMAIL_NOT_VERIFIED =
  'Please verify your email address first: open the link we sent you, or ask for a new one from the banner at the top of the page.';

export { EXTERNAL_SIGN_IN_ERRORS, type ExternalSignInError } from '../domain/external-sign-in';
