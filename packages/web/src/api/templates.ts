import type { Template, TemplateForm, TemplateListResponse } from '@life-updates/contract/templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const templateKeys = { all: ['templates'] as const };

const templatePath = (id: string) => `/api/templates/${encodeURIComponent(id)}`;

/** Settings → Templates and the Share flow's template picker (asked for once it is `enabled`). */
export const useTemplates = (enabled = true) =>
  useQuery({ queryKey: templateKeys.all, queryFn: () => api<TemplateListResponse>('/api/templates'), enabled });

function useTemplateMutation<T, R>(mutationFn: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }) });
}

export const useCreateTemplate = () =>
  useTemplateMutation((form: TemplateForm) =>
    api<{ template: Template }>('/api/templates', { method: 'POST', body: form }),
  );

export const useUpdateTemplate = () =>
  useTemplateMutation(({ id, form }: { id: string; form: TemplateForm }) =>
    api<{ template: Template }>(templatePath(id), { method: 'PUT', body: form }),
  );

export const useDeleteTemplate = () =>
  useTemplateMutation((id: string) => api<void>(templatePath(id), { method: 'DELETE' }));
