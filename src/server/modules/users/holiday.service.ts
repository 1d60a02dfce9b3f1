import { eq } from 'drizzle-orm';
import {
  formatReturnDate,
  latestReturnDay,
  MAX_HOLIDAY_DAYS,
  returnDateProblem,
  returnMoment,
} from '../../../common/domain/holiday';
import { users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { presentUser } from './users.presenter';

/**
 * Holiday mode on until `until` begins (docs/product.md § Holiday mode). Setting it again moves the
 * date. The route is not KEEPS_MARKETPLACE: this instance's cached lists go at once, and the users
 * trigger (migration 0017) tells the others.
 */
export async function startHoliday(ctx: ServiceContext, memberId: string, until: string) {
  const now = new Date();
  const problem = returnDateProblem(until, now);
  if (problem === 'invalid') throw badRequest('holiday.invalid_date');
  if (problem === 'past') throw badRequest('holiday.date_not_after_today');
  if (problem === 'tooLate')
    throw badRequest('holiday.too_long', {
      days: MAX_HOLIDAY_DAYS,
      latest: formatReturnDate(latestReturnDay(now)),
    });
  const [row] = await ctx.db
    .update(users)
    .set({ holidayUntil: returnMoment(until) })
    .where(eq(users.id, memberId))
    .returning();
  if (!row) throw notFound('members.not_found');
  return presentUser(row);
}

/** Back early: the member's items return to every list at once. */
export async function endHoliday(ctx: ServiceContext, memberId: string) {
  const [row] = await ctx.db
    .update(users)
    .set({ holidayUntil: null })
    .where(eq(users.id, memberId))
    .returning();
  if (!row) throw notFound('members.not_found');
  return presentUser(row);
}
