import type { TemplateListResponse } from '@life-updates/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The template picker's list; the same cache entry as Settings → Templates. */
export const shareTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['templates'] as const, queryFn: () => api<TemplateListResponse>('/api/templates') });

export const useShareTemplates = (enabled: boolean) => useQuery({ ...shareTemplatesQueryOptions(), enabled });
