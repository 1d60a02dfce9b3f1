import type { Stats } from '@common/api/items';
import { FALLBACK_STATS, statsOrFallback } from '@common/domain/marketplace-stats';
import { useQuery } from '@tanstack/react-query';

const STATS_URL = '/api/stats';

/**
 * The marketplace totals. A failed call shows the product doc's fallback figures (docs/product.md, Screens), so the
 * band never shows an error; `stats` is null only while the first answer is on its way.
 */
export function useStats(): { stats: Stats | null } {
  const { data, isError, isPending } = useQuery<unknown>({ queryKey: [STATS_URL] });
  if (isError) return { stats: FALLBACK_STATS };
  if (isPending) return { stats: null };
  return { stats: statsOrFallback(data) };
}
