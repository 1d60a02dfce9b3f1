import { z } from 'zod';
import {
  ADDRESS_LIMITS,
  COUNTRY_CODES,
  isCountryCode,
  PHONE_PATTERN,
  POSTCODE_PATTERN,
} from '../domain/address';
import { oneLineText } from './common';

/**
 * A member's private shipping address (GET/PUT /api/users/address). Only its owner reads it here;
 * the member who sends them an item in an accepted trade or ring sees it as `recipientAddress`
 * (docs/decisions/022-address-privacy.md). Never part of a public answer.
 */
export const shippingAddress = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  postcode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.enum(COUNTRY_CODES),
  phone: z.string().nullable(),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

/** An optional one-line field: empty or missing is null. */
const optionalLine = (label: string, max: number) =>
  z
    .union([oneLineText(label, 0, max), z.null()])
    .optional()
    .transform((value) => (value ? value : null));

/** PUT /api/users/address: the whole address; it replaces the member's previous one. */
export const shippingAddressInput = z
  .object({
    name: oneLineText('The name', 1, ADDRESS_LIMITS.name),
    line1: oneLineText('The address', 1, ADDRESS_LIMITS.line1),
    line2: optionalLine('The second address line', ADDRESS_LIMITS.line2),
    postcode: oneLineText('The postcode', 1, ADDRESS_LIMITS.postcode).regex(POSTCODE_PATTERN, {
      message: 'The postcode may hold letters, digits, spaces and hyphens only',
    }),
    city: oneLineText('The city', 1, ADDRESS_LIMITS.city),
    country: z
      .string({ message: 'Choose a country' })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, { message: 'Choose a country from the list' }),
    phone: optionalLine('The phone number', ADDRESS_LIMITS.phone).refine(
      (value) => value === null || PHONE_PATTERN.test(value),
      { message: 'The phone number may hold digits, spaces and + ( ) - . only' },
    ),
  })
  .strict();
export type ShippingAddressInput = z.input<typeof shippingAddressInput>;

/** GET /api/users/address: the member's address, or null before they give one. */
export const myAddressAnswer = z.object({ address: shippingAddress.nullable() });
export type MyAddressAnswer = z.infer<typeof myAddressAnswer>;
