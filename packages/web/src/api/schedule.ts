import type { ScheduleResponse, ScheduleSaveResponse, ScheduleUpdate } from '@life-updates/contract/schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const scheduleKeys = { all: ['schedule'] as const };

/** The saved schedule with its next run and the last run's result. */
export const useSchedule = () =>
  useQuery({ queryKey: scheduleKeys.all, queryFn: () => api<ScheduleResponse>('/api/schedule') });

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: ScheduleUpdate) => api<ScheduleSaveResponse>('/api/schedule', { method: 'PUT', body: update }),
    onSuccess: ({ message: _message, ...schedule }) => client.setQueryData(scheduleKeys.all, schedule),
  });
}
