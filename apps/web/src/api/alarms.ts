import { ALARM_POLL_MS, type AlarmCount } from '@coldchain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';

export const alarmKeys = { count: ['alarm', 'count'] as const };

/** The badge's count; a failed poll stays silent and the next one retries. */
export function useAlarmCount(enabled: boolean) {
  return useQuery({
    queryKey: alarmKeys.count,
    queryFn: ({ signal }) => http.get<AlarmCount>('/device/alarm/count', { signal, quiet: true }),
    enabled,
    refetchInterval: ALARM_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** The user has seen the new alarms: the tone stops sounding for them. */
export function useMarkAlarmsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ updated: number }>('/device/alarm/markRead', undefined, { quiet: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmKeys.count }),
  });
}
