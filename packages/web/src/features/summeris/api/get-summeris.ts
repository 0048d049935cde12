import type { ShareReviewResponse } from '@life-updates/contract/shares';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const summerisQueryKey = ['summeris'] as const;

export const getSummeris = () => api<ShareReviewResponse>('/api/shares/review');

export const summerisQueryOptions = () => queryOptions({ queryKey: summerisQueryKey, queryFn: getSummeris });

export const useSummeris = () => useQuery(summerisQueryOptions());
