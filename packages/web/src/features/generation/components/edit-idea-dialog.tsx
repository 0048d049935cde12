import { ideaContentSchema } from '@life-updates/contract/ideas';
import { useId, useState } from 'react';
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
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { Idea } from '../api/get-ideas';
import { useUpdateIdea } from '../api/update-idea';

/** The Generate screen's "Edit": the idea editor, like My Stories' Edit Event dialog. */
export function EditIdeaDialog({ idea, onClose }: { idea: Idea | null; onClose: () => void }) {
  const update = useUpdateIdea();
  return (
    <Dialog open={idea !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent>
        {idea ? <EditIdeaForm key={idea.id} idea={idea} update={update} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditIdeaForm({
  idea,
  update,
  onClose,
}: {
  idea: Idea;
  update: ReturnType<typeof useUpdateIdea>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [content, setContent] = useState(idea.content);
  const parsed = ideaContentSchema.safeParse(content);

  function submit() {
    if (!parsed.success) return;
    update.mutate(
      { id: idea.id, update: { content: parsed.data } },
      {
        onSuccess: () => {
          toast.success(t('ideas.toasts.updated'));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t('ideas.toasts.updateFailed'))),
      },
    );
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{t('ideas.editDialog.title')}</DialogTitle>
        <DialogDescription className="sr-only">{idea.title}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-content`}>{t('ideas.editDialog.content')}</Label>
        <Textarea
          id={`${id}-content`}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          className="min-h-40"
          aria-invalid={!parsed.success}
        />
      </div>
      <DialogFooter>
        <Button variant="outline" disabled={update.isPending} onClick={onClose}>
          {t('ideas.editDialog.cancel')}
        </Button>
        <Button type="submit" disabled={!parsed.success || update.isPending}>
          {update.isPending ? t('ideas.editDialog.saving') : t('ideas.editDialog.update')}
        </Button>
      </DialogFooter>
    </form>
  );
}
