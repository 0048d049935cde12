import { previewContent } from '@life-updates/contract/idea-options';
import { useTranslation } from 'react-i18next';
import type { Idea } from '@life-updates/contract/ideas';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

/** "Change idea" on Create Content: every idea to pick from, "No ideas found." when there is none. */
export function IdeaPickerDialog({
  open,
  onOpenChange,
  ideas,
  isLoading,
  selectedId,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ideas: readonly Idea[];
  isLoading: boolean;
  selectedId: string | null;
  onPick: (idea: Idea) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('generation.chooseIdea')}</DialogTitle>
          <DialogDescription className="sr-only">{t('generation.changeIdea')}</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <Spinner label={t('common.loading')} className="justify-center py-6" />
        ) : ideas.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t('generation.noIdeasFound')}</p>
        ) : (
          <ul className="max-h-[400px] space-y-2 overflow-y-auto pr-1">
            {ideas.map((idea) => (
              <li key={idea.id}>
                <button
                  type="button"
                  aria-current={idea.id === selectedId ? 'true' : undefined}
                  onClick={() => onPick(idea)}
                  className={cn(
                    'w-full rounded-md border border-border p-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    idea.id === selectedId && 'border-primary bg-primary/5',
                  )}
                >
                  <span className="block font-medium">{idea.title}</span>
                  <span className="line-clamp-2 block text-sm text-muted-foreground">
                    {previewContent(idea.content)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
