import type { ScheduleResponse } from '@life-updates/contract/schedule';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const scheduleQueryKey = ['schedule'] as const;

export const getSchedule = () => api<ScheduleResponse>('/api/schedule');

export const scheduleQueryOptions = () => queryOptions({ queryKey: scheduleQueryKey, queryFn: getSchedule });

/** The saved schedule with its next run and the last run's result. */
export const useSchedule = () => useQuery(scheduleQueryOptions());
