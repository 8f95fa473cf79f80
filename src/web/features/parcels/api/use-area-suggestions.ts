import { useQuery } from '@tanstack/react-query';
import type { CoverageSuggestion } from '#shared/area.ts';
import { LIMITS } from '#shared/limits.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/coverage?q=: the areas and the places within them that answer what was typed, for an area field's suggestions. */
export function useAreaSuggestions(typed: string) {
  const q = typed.trim().slice(0, LIMITS.placeSearchMaxLength);
  return useQuery({
    queryKey: queryKeys.areaSuggestions(q),
    enabled: q.length >= 2,
    staleTime: 60 * 60 * 1000,
    queryFn: ({ signal }) =>
      apiRequest<CoverageSuggestion[]>(`/api/coverage?q=${encodeURIComponent(q)}`, { authenticated: false, signal }),
  });
}
