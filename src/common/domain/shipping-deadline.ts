import { DAY_MS } from './trade-state';

/**
 * The shipping deadline of an accepted trade or swap ring: each sender (each giver of a ring) has
 * `shipWithinDays` from acceptance to mark their items sent or handed over. Null before acceptance.
 */
export function shipBy(acceptedAt: Date | null, shipWithinDays: number): Date | null {
  return acceptedAt ? new Date(acceptedAt.getTime() + shipWithinDays * DAY_MS) : null;
}

/** A sender is late once the deadline has passed with nothing marked sent or handed over. */
export function isLateSender(sentAt: Date | null, deadline: Date | null, now: Date): boolean {
  return sentAt === null && deadline !== null && deadline.getTime() <= now.getTime();
}

/**
 * "I received it" is open to a receiver once the sender has marked their items sent or handed
 * over, or once the sender's deadline has passed (the item may have come without a word).
 */
export function canConfirmReceiptFrom(sentAt: Date | null, deadline: Date | null, now: Date): boolean {
  return sentAt !== null || isLateSender(sentAt, deadline, now);
}

/** The reminder goes out in the last day before the deadline, while nothing is marked sent. */
export function reminderDue(sentAt: Date | null, deadline: Date | null, now: Date): boolean {
  if (sentAt !== null || deadline === null) return false;
  const left = deadline.getTime() - now.getTime();
  return left > 0 && left <= DAY_MS;
}
