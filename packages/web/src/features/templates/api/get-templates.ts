import type { TemplateListResponse } from '@life-updates/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const templatesQueryKey = ['templates'] as const;

export const getTemplates = () => api<TemplateListResponse>('/api/templates');

export const templatesQueryOptions = () => queryOptions({ queryKey: templatesQueryKey, queryFn: getTemplates });

export const useTemplates = () => useQuery(templatesQueryOptions());
