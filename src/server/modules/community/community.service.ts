import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  type CommunityPatch,
  type CommunitySettings,
  communityPatch,
  DEFAULT_COMMUNITY,
} from '../../../common/api/community';
import type { Queryable } from '../../db/connect';
import { communitySettings } from '../../db/schema';
import { currentCommunity, presentCommunity, settingsRow } from '../../lib/community-settings';
import { fieldError } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { recordAction } from '../moderation';

/** How an audit entry shows a setting's value: lists joined, long text cut. */
function auditValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** The settings as GET /api/community gives them. */
export const readCommunity = currentCommunity;

/**
 * The community's country (its `country` setting, as GET /api/community gives it): one primary-key
 * read, for code that has a database but no context. Before the first start has made the settings
 * row, the default settings' country.
 */
export async function communityCountry(db: Queryable): Promise<string> {
  const [row] = await db
    .select({ country: communitySettings.country })
    .from(communitySettings)
    .where(eq(communitySettings.singleton, true));
  return row?.country ?? DEFAULT_COMMUNITY.country;
}

type Patch = ReturnType<typeof communityPatch.parse>;

/**
 * An admin's change: the fields given replace the stored ones, in one transaction on the locked
 * row; every setting that changes gets its own audit entry (from and to). Registration limited to
 * domains needs at least one domain. A new announcement text gets a new id, so that members who
 * dismissed the last one see it.
 */
export async function updateCommunity(
  ctx: ServiceContext,
  actorId: string,
  patch: Patch | CommunityPatch,
): Promise<CommunitySettings> {
  const input = communityPatch.parse(patch);
  return transact(ctx, async (tx) => {
    const row = await settingsRow(tx, ctx.communitySeed, true);
    const before = presentCommunity(row);
    const registration = input.registration ?? row.registration;
    const allowedDomains = input.allowedDomains ?? row.allowedDomains;
    if (registration === 'domains' && allowedDomains.length === 0)
      throw fieldError(400, 'allowedDomains', 'community.domains_required');
    const changes: Array<[string, unknown, unknown]> = [];
    for (const [key, value] of Object.entries(input) as Array<[keyof Patch, unknown]>) {
      const old = key === 'announcement' ? (before.announcement?.text ?? null) : before[key];
      if (JSON.stringify(old) !== JSON.stringify(value)) changes.push([key, old, value]);
    }
    if (changes.length === 0) return before;
    const announcementChanged = changes.some(([key]) => key === 'announcement');
    const [updated] = await tx
      .update(communitySettings)
      .set({
        ...input,
        ...(announcementChanged ? { announcementId: input.announcement ? randomUUID() : null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(communitySettings.id, row.id))
      .returning();
    if (!updated) throw new Error('community settings update returned nothing');
    for (const [setting, from, to] of changes)
      await recordAction(tx, {
        actorId,
        action: 'community.updated',
        targetType: 'community',
        targetId: row.id,
        reason: setting,
        details: { setting, from: auditValue(from), to: auditValue(to) },
      });
    return presentCommunity(updated);
  });
}
