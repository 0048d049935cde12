import { fallbackTemplateId } from '@life-updates/contract/template-options';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTemplates } from '@/api/templates';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { templateDescription, templateName } from '@/lib/template-labels';

/*
 * The Share flow's template picker (share-ideas-flow.tsx): the templates load with its first open,
 * not with My Stories.
 */

export function TemplatePicker({
  open,
  onClose,
  selectedId,
  onSelect,
  onContinue,
}: {
  open: boolean;
  onClose: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const templates = useTemplates(open);
  const [error, setError] = useState<string | null>(null);
  const data = templates.data;

  // The user's default (or the fallback default) is chosen until the user picks another.
  useEffect(() => {
    if (data && selectedId === null) onSelect(data.defaultTemplateId);
  }, [data, selectedId, onSelect]);

  const options = data ? [data.fallback, ...data.templates] : [];
  const proceed = () => {
    if (!selectedId || !options.some((option) => option.id === selectedId)) {
      setError(t('summeris.validation.selectTemplate'));
      return;
    }
    setError(null);
    onContinue();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('ideas.templatePicker.title')}</DialogTitle>
          <DialogDescription>
            {t('templates.variables.title')}: {'{{events}}, {{relationship}}, {{name}}'}
          </DialogDescription>
        </DialogHeader>
        {templates.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : templates.isError ? (
          <p role="alert">{t('templates.toasts.loadFailed')}</p>
        ) : (
          <fieldset className="space-y-2">
            <legend className="sr-only">{t('ideas.templatePicker.title')}</legend>
            {options.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary"
              >
                <input
                  type="radio"
                  name={name}
                  value={option.id}
                  checked={selectedId === option.id}
                  onChange={() => {
                    onSelect(option.id);
                    setError(null);
                  }}
                  className="mt-1 accent-primary"
                />
                <span className="space-y-0.5">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {templateName(option, t)}
                    {option.id === data?.defaultTemplateId && option.id !== fallbackTemplateId ? (
                      <Badge variant="success">{t('templates.defaultBadge')}</Badge>
                    ) : null}
                  </span>
                  {option.structureDescription ? (
                    <span className="block text-sm text-muted-foreground">{templateDescription(option, t)}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('ideas.templatePicker.cancel')}
          </Button>
          <Button onClick={proceed} disabled={templates.isPending}>
            {t('ideas.templatePicker.continue')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
