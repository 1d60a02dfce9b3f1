import { z } from 'zod';
import { oneLineText } from './common';

/** A meet-up's place: one line ("Café de la Gare, by the station clock"). */
export const MAX_MEETUP_PLACE_LENGTH = 140;
/** Wrong handover codes a trade may take per hour before 429. */
export const HANDOVER_ATTEMPTS_PER_HOUR = 5;
/** Digits of a handover code. */
export const HANDOVER_CODE_LENGTH = 6;

/** `POST /api/trade-requests/:id/meetup`: propose a public place and a time (replaces any earlier proposal). */
export const meetupInput = z
  .object({
    place: oneLineText('Place', 3, MAX_MEETUP_PLACE_LENGTH),
    /** ISO date-time with an offset or Z, in the future. */
    at: z.iso.datetime({ offset: true, message: 'at must be a date and time' }),
  })
  .strict();
export type MeetupInput = z.infer<typeof meetupInput>;

/** `PATCH /api/trade-requests/:id/meetup`: the other party accepts or declines the proposal. */
export const meetupAnswer = z.object({ status: z.enum(['accepted', 'declined']) }).strict();

/** `POST /api/trade-requests/:id/handover`: the receiver enters the giver's code. */
export const handoverInput = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'The code has 6 digits' }),
  })
  .strict();

/** A trade's meet-up as one party sees it (`GET …/meetup`, and every meet-up write's answer). */
export const meetupState = z.object({
  tradeId: z.string(),
  /** Both parties have a town and they are within MEETUP_MAX_KM: a meet-up can be arranged. */
  available: z.boolean(),
  /** Why not, when not: a party has no town, or the towns are too far apart. */
  unavailableReason: z.enum(['no_town', 'too_far', 'not_accepted']).nullable(),
  /** Town centre to town centre, whole kilometres; null without both towns. */
  distanceKm: z.number().int().nullable(),
  meetup: z
    .object({
      place: z.string(),
      at: z.string(),
      status: z.enum(['proposed', 'accepted', 'declined']),
      proposedByMe: z.boolean(),
    })
    .nullable(),
  /** This member's handover code, to show the receiver at the meet-up; only to this giver, until used. */
  myCode: z.string().nullable(),
  /** This member's items were handed over (their partner entered the code). */
  iHandedOver: z.boolean(),
  /** The partner's items were handed over to this member. */
  theyHandedOver: z.boolean(),
  tradeStatus: z.string(),
});
export type MeetupState = z.infer<typeof meetupState>;
