import type { ScheduleSaveResponse, ScheduleUpdate } from '@life-updates/contract/schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scheduleQueryKey } from './get-schedule';

export const saveSchedule = (update: ScheduleUpdate) =>
  api<ScheduleSaveResponse>('/api/schedule', { method: 'PUT', body: update });

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: ({ message: _message, ...schedule }) => queryClient.setQueryData(scheduleQueryKey, schedule),
  });
}
