import type { DictItem, DictType, ProfileUpdateRequest, UserProfile } from '@coldchain/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { currentLocale } from '../app/i18n.ts';
import { queryClient } from '../app/query-client.ts';
import { accountKeys } from './account.ts';
import { http } from './http.ts';

/** A dictionary in the current language (the server translates the labels). */
export function useDict(dataType: DictType, enabled = true) {
  return useQuery({
    queryKey: ['dict', dataType, currentLocale()],
    queryFn: ({ signal }) =>
      http.get<DictItem[]>('/base/BaseDict/queryDictByType', { params: { dataType }, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /base/BaseUserProfile/update; the account info is reloaded after a change. */
export function useUpdateProfile(options: { quiet?: boolean } = {}) {
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) =>
      http.post<UserProfile>('/base/BaseUserProfile/update', body, { quiet: options.quiet ?? false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.info() }),
  });
}
