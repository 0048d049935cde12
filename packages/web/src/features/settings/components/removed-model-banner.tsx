import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAiSettings, useDismissRemovedModel } from '@/api/ai';
import { Button } from '@/components/ui/button';

/**
 * Across the signed-in screens, until the user has read it: an admin removed the model they had
 * chosen, so their texts are written by the offline composer now.
 */
export function RemovedModelBanner() {
  const { t } = useTranslation();
  const { data } = useAiSettings();
  const dismiss = useDismissRemovedModel();
  if (!data?.removedModel) return null;
  return (
    <div role="status" className="border-b border-warning bg-warning/15 px-4 py-2 text-sm">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2">
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
        <span>{t('aiProviders.removedModel', { model: data.removedModel })}</span>
        <Button type="button" size="sm" variant="outline" onClick={() => dismiss.mutate()} disabled={dismiss.isPending}>
          {t('aiProviders.dismiss')}
        </Button>
      </div>
    </div>
  );
}
