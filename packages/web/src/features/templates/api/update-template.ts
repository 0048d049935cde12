import type { Template, TemplateForm } from '@life-updates/contract/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templatesQueryKey } from './get-templates';

export const updateTemplate = ({ id, form }: { id: string; form: TemplateForm }) =>
  api<{ template: Template }>(`/api/templates/${encodeURIComponent(id)}`, { method: 'PUT', body: form });

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
