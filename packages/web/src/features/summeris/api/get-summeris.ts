import type { SummerisListResponse } from '@life-updates/contract/summeris';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const summerisQueryKey = ['summeris'] as const;

export const getSummeris = () => api<SummerisListResponse>('/api/summeris');

export const summerisQueryOptions = () => queryOptions({ queryKey: summerisQueryKey, queryFn: getSummeris });

export const useSummeris = () => useQuery(summerisQueryOptions());
