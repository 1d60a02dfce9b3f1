import type { Town } from '@common/api/towns';
import { useQuery } from '@tanstack/react-query';

/** Towns whose name starts with `q` (at least 2 characters), the most populous first. */
export function useTownSearch(q: string) {
  const text = q.trim();
  return useQuery<Town[]>({
    queryKey: [`/api/towns?q=${encodeURIComponent(text)}`],
    enabled: text.length >= 2,
    staleTime: Infinity,
  });
}

/** One town by id (a member's, or the one a visitor picked), to show its name. */
export function useTown(id: number | null | undefined) {
  return useQuery<Town>({
    queryKey: [`/api/towns/${id}`],
    enabled: typeof id === 'number',
    staleTime: Infinity,
  });
}
