import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { appSecrets } from '../db/schema';

/**
 * The server-wide secret called `name`: 32 random bytes made by whichever instance asks first and
 * kept in the database, so that every instance signs alike and a restart keeps old links working.
 */
export async function appSecret(db: Db | Tx, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: appSecrets.secret })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app secret ${name} could not be stored`);
  return Buffer.from(row.secret, 'base64url');
}
