import type { Idea } from '@life-updates/contract/ideas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateEvent } from '../api/update-event';

/** The "Edit Event" dialog: content, Cancel, Update / "Saving...". */
export function EditIdeaDialog({ idea, onClose }: { idea: Idea; onClose: () => void }) {
  const { t } = useTranslation();
  const updateEvent = useUpdateEvent();
  const [content, setContent] = useState(idea.content);
  const isBlank = content.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank || updateEvent.isPending) return;
    try {
      await updateEvent.mutateAsync({ id: idea.id, content: content.trim() });
    } catch (error) {
      toast.error(t('ideas.toasts.updateFailed'), {
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
      return;
    }
    toast.success(t('ideas.toasts.updated'));
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('ideas.editDialog.title')}</DialogTitle>
            <DialogDescription className="sr-only">{idea.title}</DialogDescription>
          </DialogHeader>
          <FormField label={t('ideas.editDialog.content')}>
            <Textarea rows={6} value={content} onChange={(event) => setContent(event.target.value)} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('ideas.editDialog.cancel')}
            </Button>
            <Button type="submit" disabled={isBlank || updateEvent.isPending}>
              {updateEvent.isPending ? t('ideas.editDialog.saving') : t('ideas.editDialog.update')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
