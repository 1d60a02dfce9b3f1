import { eq, sql } from 'drizzle-orm';
import { type CommunitySettings, DEFAULT_COMMUNITY } from '../../common/api/community';
import { unitSystemOfRegion } from '../../common/domain/units';
import type { Queryable, Tx } from '../db/connect';
import { communitySettings, users } from '../db/schema';
import type { CommunitySeed } from '../env';
import type { ServiceContext } from './service-context';

/*
 * The community's settings row (src/common/api/community.ts, decision 021), as every module reads
 * it: the currency of amounts in texts and previews, the name, who may join. Changed only by the
 * community module (admins). One primary-key read; no cache, so that a change holds at once on
 * every instance.
 */

type Row = typeof communitySettings.$inferSelect;

/** The row a community starts with: the defaults, with what the environment (COMMUNITY_*) sets. */
function firstRow(seed: CommunitySeed | undefined): typeof communitySettings.$inferInsert {
  const country = seed?.country ?? DEFAULT_COMMUNITY.country;
  return {
    name: seed?.name ?? DEFAULT_COMMUNITY.name,
    description: DEFAULT_COMMUNITY.description,
    rules: DEFAULT_COMMUNITY.rules,
    contactEmail: seed?.contactEmail ?? null,
    currency: seed?.currency ?? DEFAULT_COMMUNITY.currency,
    country,
    // The country's everyday units unless it is the default one.
    unitSystem: seed?.country ? unitSystemOfRegion(country) : DEFAULT_COMMUNITY.unitSystem,
    language: seed?.language ?? DEFAULT_COMMUNITY.language,
    registration: DEFAULT_COMMUNITY.registration,
    allowedDomains: [],
    announcement: null,
    announcementId: null,
    shippingBaseMinor: DEFAULT_COMMUNITY.shippingBaseMinor,
    shippingPerPoundMinor: DEFAULT_COMMUNITY.shippingPerPoundMinor,
  };
}

/** Makes the one row if it does not exist yet (first start); two instances starting at once make one. */
export async function seedCommunity(db: Queryable, seed: CommunitySeed | undefined): Promise<void> {
  await db
    .insert(communitySettings)
    .values(firstRow(seed))
    .onConflictDoNothing({ target: communitySettings.singleton });
}

export async function settingsRow(
  db: Queryable,
  seed: CommunitySeed | undefined,
  lock = false,
): Promise<Row> {
  const read = async () => {
    const query = db.select().from(communitySettings).where(eq(communitySettings.singleton, true));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  };
  let row = await read();
  if (!row) {
    await seedCommunity(db, seed);
    row = await read();
  }
  if (!row) throw new Error('community settings row missing after seeding');
  return row;
}

export function presentCommunity(row: Row): CommunitySettings {
  return {
    name: row.name,
    description: row.description,
    rules: row.rules,
    contactEmail: row.contactEmail,
    currency: row.currency,
    country: row.country,
    unitSystem: row.unitSystem,
    language: row.language,
    registration: row.registration,
    allowedDomains: row.allowedDomains,
    announcement:
      row.announcement && row.announcementId ? { id: row.announcementId, text: row.announcement } : null,
    shippingBaseMinor: row.shippingBaseMinor,
    shippingPerPoundMinor: row.shippingPerPoundMinor,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The settings as GET /api/community gives them. */
export async function currentCommunity(ctx: ServiceContext): Promise<CommunitySettings> {
  return presentCommunity(await settingsRow(ctx.db, ctx.communitySeed));
}

/** The settings inside a transaction (a registration reads who may join), the row locked if `lock`. */
export async function lockedCommunity(
  tx: Tx,
  seed: CommunitySeed | undefined,
  lock = true,
): Promise<CommunitySettings> {
  return presentCommunity(await settingsRow(tx, seed, lock));
}

/**
 * A member's language for what is written to them outside a request (notifications, emails), as
 * SQL over `users`: their stored choice, else the community's default language (English when
 * neither is there).
 */
export const memberLanguage = sql<
  string | null
>`coalesce(${users.locale}, (select ${communitySettings.language} from ${communitySettings} where ${communitySettings.singleton}))`;
