import type { Template, TemplateForm, TemplateListResponse } from '@life-updates/contract/templates';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-client';

export const templateKeys = { all: ['templates'] as const };

const templatePath = (id: string) => `/api/templates/${encodeURIComponent(id)}`;

/** Settings → Templates and the Share flow's template picker (asked for once it is `enabled`). */
export const useTemplates = (enabled = true) =>
  useQuery({ queryKey: templateKeys.all, queryFn: () => api<TemplateListResponse>('/api/templates'), enabled });

export const useCreateTemplate = () =>
  useRefreshingMutation([templateKeys.all], (form: TemplateForm) =>
    api<{ template: Template }>('/api/templates', { method: 'POST', body: form }),
  );

export const useUpdateTemplate = () =>
  useRefreshingMutation([templateKeys.all], ({ id, form }: { id: string; form: TemplateForm }) =>
    api<{ template: Template }>(templatePath(id), { method: 'PUT', body: form }),
  );

export const useDeleteTemplate = () =>
  useRefreshingMutation([templateKeys.all], (id: string) => api<void>(templatePath(id), { method: 'DELETE' }));
