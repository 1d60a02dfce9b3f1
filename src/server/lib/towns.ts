import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
import { towns } from '../db/schema';
import { badRequest } from './errors';

/** A town id a member sent must name a town of the gazetteer (db/towns.ts): 400 otherwise. */
export async function checkTownId(db: Queryable, id: number) {
  const [row] = await db.select({ id: towns.id }).from(towns).where(eq(towns.id, id));
  if (!row) throw badRequest('town.not_found');
}
