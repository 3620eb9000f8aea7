import type { PublicPlatform } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { CUSTOM_DATA_STORAGE_KEY } from '../app/constants.ts';
import { ApiError, http } from './http.ts';

export const platformKeys = {
  byDomain: (topDomain: string) => ['platform', topDomain] as const,
};

function storedPlatform(): PublicPlatform | undefined {
  try {
    const raw = localStorage.getItem(CUSTOM_DATA_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as PublicPlatform) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tenant data by host name (000 §1). 000 §4: a 403 clears the stored copy; any other failure falls
 * back to it, so a white-labelled console keeps its look when the call fails.
 */
export async function fetchPlatform(topDomain: string, signal?: AbortSignal): Promise<PublicPlatform | null> {
  try {
    const data = await http.get<PublicPlatform>('/base/BaseCustomPage/queryByTopDomain', {
      params: { topDomain },
      signal,
      quiet: true,
    });
    try {
      localStorage.setItem(CUSTOM_DATA_STORAGE_KEY, JSON.stringify(data));
    } catch {
      // Storage full or refused: the copy is only a fallback.
    }
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') throw error;
    if (error instanceof ApiError && error.status === 403) {
      localStorage.removeItem(CUSTOM_DATA_STORAGE_KEY);
      return null;
    }
    return storedPlatform() ?? null;
  }
}

export function usePlatform() {
  const topDomain = window.location.hostname;
  return useQuery<PublicPlatform | null>({
    queryKey: platformKeys.byDomain(topDomain),
    queryFn: ({ signal }) => fetchPlatform(topDomain, signal),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: () => storedPlatform(),
  });
}
