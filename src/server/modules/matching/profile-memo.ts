import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connect';
import type { ServiceContext } from '../../lib/service-context';
import { loadWants, type MemberWants } from './profiles';

/** How long an instance keeps a member's wants at most; the version, not this, keeps them right. */
const MEMO_TTL_MS = 60_000;
/** Members kept at most per instance (the least recently used go first). */
const MEMO_MAX = 10_000;

/**
 * What members want (wishlist and brands, profiles.ts `loadWants`), kept per instance and keyed on
 * the member's match profile version (`match_profile_versions`, migration 0038), so that a smart
 * match reads the owner's profile from memory instead of three queries (docs/decisions/008-uncached-paths.md,
 * "Smart matches").
 *
 * The version changes in the same transaction as any change to what the wants are derived from
 * (their wishlist, their items' brands, their favourites and those items' brands), whoever makes
 * it, so the entry of an older version is never served: the caller reads the version (with the
 * smart match's target item), and an entry is used only when it was stored under that very
 * version. Values are never given twice, and an entry is stored under the version read before
 * its rows were, so what it holds is at least as new as its version. The same holds on every
 * instance, with no message between them. The member's name and preferences are not kept here:
 * the caller reads them with the version, from the member's row.
 */
export class ProfileMemo {
  private readonly entries = new LRUCache<string, { version: number; wants: MemberWants }>({
    max: MEMO_MAX,
    ttl: MEMO_TTL_MS,
    ttlAutopurge: false,
  });

  /** Loads (how many members' wants were read from the database: for tests). */
  loads = 0;

  /** The member's wants as of `version`: from memory when kept under that version, else read. */
  async wants(db: Db, userId: string, version: number): Promise<MemberWants> {
    const kept = this.entries.get(userId);
    if (kept && kept.version === version) return kept.wants;
    this.loads += 1;
    const wants = (await loadWants(db, [userId])).get(userId) ?? { wishlist: [], brands: [] };
    this.entries.set(userId, { version, wants });
    return wants;
  }

  clear() {
    this.entries.clear();
  }
}

const memos = new WeakMap<ServiceContext, ProfileMemo>();

/** The instance's memo (one per app, as the service context is). */
export function profileMemo(ctx: ServiceContext): ProfileMemo {
  let memo = memos.get(ctx);
  if (!memo) {
    memo = new ProfileMemo();
    memos.set(ctx, memo);
  }
  return memo;
}
