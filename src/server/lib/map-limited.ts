/**
 * `work` on every element, at most `limit` at once, answers in the list's order. For independent
 * database work that may overlap without taking every connection of the pool.
 */
export async function mapLimited<T, R>(
  list: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const index = next++;
      results[index] = await work(list[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), list.length) }, worker));
  return results;
}
