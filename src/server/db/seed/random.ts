/** A small deterministic PRNG (mulberry32), so that the demo data is the same on every start. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < count && copy.length > 0)
      out.push(copy.splice(Math.floor(next() * copy.length), 1)[0] as T);
    return out;
  };
  const chance = (probability: number) => next() < probability;
  return { next, int, pick, sample, chance };
}
export type Random = ReturnType<typeof createRandom>;

/** One value of `entries`, drawn with the given relative weights. */
export function weighted<T>(random: Random, entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (entries[entries.length - 1] as readonly [T, number])[0];
}

/** A random version-4 UUID from the seeded generator, so the demo data is the same on every start. */
export function seededUuid(random: Random) {
  const bytes = Array.from({ length: 16 }, () => random.int(0, 255));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
