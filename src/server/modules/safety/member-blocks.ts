/**
 * Blocks between members, named by id or by index, either way: a pure lookup (no database), for
 * the swap-ring engine's worker thread as well as for the server.
 */
export class MemberBlocks<M extends string | number> {
  private readonly pairs = new Set<string>();
  /** Members with any block: a group with fewer than two of them needs no pair looked up. */
  private readonly involved = new Set<M>();

  constructor(blocks: Iterable<readonly [M, M]>) {
    for (const [a, b] of blocks) {
      this.pairs.add(`${a} ${b}`);
      this.pairs.add(`${b} ${a}`);
      this.involved.add(a);
      this.involved.add(b);
    }
  }

  get empty() {
    return this.involved.size === 0;
  }

  /** Whether two of these members have a block between them. */
  among(members: readonly M[]) {
    const suspects = members.filter((member) => this.involved.has(member));
    for (let i = 0; i < suspects.length; i++)
      for (let j = i + 1; j < suspects.length; j++)
        if (this.pairs.has(`${suspects[i]} ${suspects[j]}`)) return true;
    return false;
  }
}
