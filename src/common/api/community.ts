import { z } from 'zod';
import { oneLine, text } from './common';
import { DEFAULT_CURRENCY, isCountryCode, isCurrencyCode } from '../domain/currency';
import { DEFAULT_COMMUNITY_DESCRIPTION, DEFAULT_COMMUNITY_NAME } from '../domain/community';
import { LOCALES } from '../domain/locales';
import { MAX_EMAIL_LENGTH } from '../domain/limits';
import { UNIT_SYSTEMS } from '../domain/units';

/*
 * The community's settings (docs/configuration.md, Community settings; decision 021): one row,
 * read by anybody through GET /api/community and changed by admins through PATCH
 * /api/admin/community. Amounts are integer minor units of `currency`.
 */

/** Who may create an account: anybody, holders of an invitation, or addresses at listed domains. */
export const REGISTRATION_MODES = ['open', 'invite', 'domains'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const MAX_COMMUNITY_NAME_LENGTH = 60;
export const MAX_COMMUNITY_DESCRIPTION_LENGTH = 200;
export const MAX_COMMUNITY_RULES_LENGTH = 20_000;
export const MAX_ANNOUNCEMENT_LENGTH = 500;
export const MAX_ALLOWED_DOMAINS = 50;
/** The highest shipping base and per-pound rate, in minor units (10,000.00 in a two-digit currency). */
export const MAX_SHIPPING_MINOR = 1_000_000;
/** How long an invitation link may be used (once). */
export const INVITATION_DAYS = 14;

/** The defaults of a new community (before an admin or the environment says otherwise). */
export const DEFAULT_COMMUNITY: Omit<CommunitySettings, 'updatedAt'> = {
  name: DEFAULT_COMMUNITY_NAME,
  description: DEFAULT_COMMUNITY_DESCRIPTION,
  rules: '',
  contactEmail: null,
  currency: DEFAULT_CURRENCY,
  country: 'US',
  unitSystem: 'imperial',
  language: 'en',
  registration: 'open',
  allowedDomains: [],
  announcement: null,
  shippingBaseMinor: 1599,
  shippingPerPoundMinor: 50,
};

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const domain = z
  .string({ message: 'A domain must be text' })
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .refine((value) => DOMAIN.test(value), { message: 'A domain must look like school.example.org' });

const minorAmount = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int({ message: `${label} must be a whole number of minor units (cents)` })
    .min(0, { message: `${label} must be at least 0` })
    .max(MAX_SHIPPING_MINOR, { message: `${label} must be at most ${MAX_SHIPPING_MINOR}` });

/** The fields an admin sets, each checked as the form and the server both check it. */
export const communityFields = {
  name: text('Name', 1, MAX_COMMUNITY_NAME_LENGTH).refine(...oneLine('Name')),
  description: text('Description', 0, MAX_COMMUNITY_DESCRIPTION_LENGTH).refine(...oneLine('Description')),
  rules: z
    .string({ message: 'Rules must be text' })
    .max(MAX_COMMUNITY_RULES_LENGTH, {
      message: `Rules must be at most ${MAX_COMMUNITY_RULES_LENGTH} characters`,
    })
    .transform((value) => value.trim()),
  contactEmail: z
    .string({ message: 'Contact address must be text' })
    .trim()
    .max(MAX_EMAIL_LENGTH, { message: `Contact address must be at most ${MAX_EMAIL_LENGTH} characters` })
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      message: 'Contact address must be an email address',
    })
    .nullable()
    .transform((value) => (value ? value.toLowerCase() : null)),
  currency: z
    .string({ message: 'Currency must be text' })
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, { message: 'Currency must be an ISO 4217 code such as EUR, GBP or USD' }),
  country: z
    .string({ message: 'Country must be text' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { message: 'Country must be an ISO 3166 two-letter code such as FR or GB' }),
  unitSystem: z.enum(UNIT_SYSTEMS, { message: 'Unit system must be metric or imperial' }),
  language: z.enum(LOCALES, { message: `Language must be one of: ${LOCALES.join(', ')}` }),
  registration: z.enum(REGISTRATION_MODES, {
    message: `Registration must be one of: ${REGISTRATION_MODES.join(', ')}`,
  }),
  allowedDomains: z
    .array(domain, { message: 'Allowed domains must be a list' })
    .max(MAX_ALLOWED_DOMAINS, { message: `At most ${MAX_ALLOWED_DOMAINS} domains` })
    .transform((domains) => [...new Set(domains)]),
  /** The banner's text; null or empty: no banner. */
  announcement: z
    .string({ message: 'Announcement must be text' })
    .trim()
    .max(MAX_ANNOUNCEMENT_LENGTH, {
      message: `Announcement must be at most ${MAX_ANNOUNCEMENT_LENGTH} characters`,
    })
    .refine(...oneLine('Announcement'))
    .nullable()
    .transform((value) => value || null),
  shippingBaseMinor: minorAmount('Shipping base'),
  shippingPerPoundMinor: minorAmount('Shipping rate per pound'),
};

/** PATCH /api/admin/community: any of the fields; the others stay as they are. */
export const communityPatch = z
  .object(communityFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Change at least one setting' });
export type CommunityPatch = z.input<typeof communityPatch>;

/** GET /api/community: everything here is public. */
export const communitySettings = z.object({
  name: z.string(),
  description: z.string(),
  rules: z.string(),
  contactEmail: z.string().nullable(),
  currency: z.string(),
  country: z.string(),
  unitSystem: z.enum(UNIT_SYSTEMS),
  language: z.enum(LOCALES),
  registration: z.enum(REGISTRATION_MODES),
  allowedDomains: z.array(z.string()),
  /** The banner; `id` changes with every new text, so that a dismissal holds for one announcement. */
  announcement: z.object({ id: z.string(), text: z.string() }).nullable(),
  shippingBaseMinor: z.number().int(),
  shippingPerPoundMinor: z.number().int(),
  updatedAt: z.string(),
});
export type CommunitySettings = z.infer<typeof communitySettings>;

/** POST /api/invitations: the link to send, and the token it carries. */
export const invitation = z.object({
  url: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** An invitation token as the sign-up form and POST /api/auth/register carry it. */
export const invitationToken = z
  .string({ message: 'Invitation must be text' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'This invitation link is not valid' });

/** Whether `email` is at one of `domains` (or a subdomain of one). */
export function emailInDomains(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const host = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  return domains.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
