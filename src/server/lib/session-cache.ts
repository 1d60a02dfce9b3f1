import { LRUCache } from 'lru-cache';

/** What the session lookup read from the database for one token (lib/session.ts). */
export interface CachedSession<U extends { id: string }> {
  user: U;
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface SessionCacheOptions {
  /** How long a looked-up session is trusted without asking the database again; 0 turns it off. */
  ttlMs: number;
  /** Sessions kept at most (least recently used go first). */
  max?: number;
}

/**
 * Sessions looked up recently, by token hash, so that a signed-in read does not ask the database who
 * its member is on every request (docs/decisions/008-uncached-paths.md, "Signed-in reads").
 *
 * Whatever ends a session or changes its member empties the member's entries on every instance:
 * the `sessions_ended` bus event (sign-out, password change, account deletion, "sign out everywhere",
 * email change) and the database's own notification of a changed member or session row
 * (migration 0034: any UPDATE or DELETE of users, any DELETE of sessions), both through the
 * instances' event bus. The TTL is the backstop for a notification lost while the bus reconnects.
 *
 * A lookup that was in flight while an invalidation arrived is not stored: what it read may be
 * what the invalidation replaced (`epoch`).
 */
export class SessionCache<U extends { id: string }> {
  private readonly entries: LRUCache<string, CachedSession<U>> | null;
  private readonly byMember = new Map<string, Set<string>>();
  private invalidations = 0;

  constructor(options: SessionCacheOptions) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache<string, CachedSession<U>>({
            max: options.max ?? 50_000,
            ttl: options.ttlMs,
            // An expired entry is never served, and is dropped when next read.
            ttlAutopurge: false,
            dispose: (value, tokenHash) => this.unindex(value.user.id, tokenHash),
          })
        : null;
  }

  get enabled() {
    return this.entries !== null;
  }

  /** A number to pass back to `set`: the lookup started before any invalidation that follows. */
  get epoch() {
    return this.invalidations;
  }

  get(tokenHash: string): CachedSession<U> | undefined {
    return this.entries?.get(tokenHash);
  }

  /** Keeps a looked-up session, unless an invalidation arrived since `epoch` was read. */
  set(tokenHash: string, session: CachedSession<U>, epoch: number) {
    if (!this.entries || epoch !== this.invalidations) return;
    this.entries.set(tokenHash, session);
    let tokens = this.byMember.get(session.user.id);
    if (!tokens) {
      tokens = new Set();
      this.byMember.set(session.user.id, tokens);
    }
    tokens.add(tokenHash);
  }

  /** Forgets one token's session (it was deleted or touched by this instance). */
  forgetToken(tokenHash: string) {
    this.invalidations += 1;
    this.entries?.delete(tokenHash);
  }

  /** Forgets every session of these members. */
  forgetMembers(memberIds: Iterable<string>) {
    this.invalidations += 1;
    if (!this.entries) return;
    for (const memberId of memberIds) {
      const tokens = this.byMember.get(memberId);
      if (!tokens) continue;
      for (const tokenHash of [...tokens]) this.entries.delete(tokenHash);
      this.byMember.delete(memberId);
    }
  }

  /** Forgets everything (a change too large to name its members). */
  clear() {
    this.invalidations += 1;
    this.entries?.clear();
    this.byMember.clear();
  }

  get size() {
    return this.entries?.size ?? 0;
  }

  private unindex(memberId: string, tokenHash: string) {
    const tokens = this.byMember.get(memberId);
    if (!tokens) return;
    tokens.delete(tokenHash);
    if (tokens.size === 0) this.byMember.delete(memberId);
  }
}
