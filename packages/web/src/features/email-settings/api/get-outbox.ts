import type { OutboxPage } from '@life-updates/contract/email';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const outboxQueryKey = ['outbox'] as const;
export const outboxPageSize = 10;

export const getOutbox = (page: number) =>
  api<OutboxPage>('/api/outbox', { query: { page, pageSize: outboxPageSize } });

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...outboxQueryKey, page],
    queryFn: () => getOutbox(page),
    placeholderData: keepPreviousData,
  });

export const useOutbox = ({ page, enabled }: { page: number; enabled: boolean }) =>
  useQuery({ ...outboxQueryOptions(page), enabled });
