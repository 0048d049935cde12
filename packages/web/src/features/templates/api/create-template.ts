import type { Template, TemplateForm } from '@life-updates/contract/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templatesQueryKey } from './get-templates';

export const createTemplate = (form: TemplateForm) =>
  api<{ template: Template }>('/api/templates', { method: 'POST', body: form });

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
