import type { Idea } from '@life-updates/contract/ideas';
import { CheckCircle2Icon, ExternalLinkIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PhotoThumbnails } from '@/components/photos/photo-thumbnails';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';

/**
 * One idea in the organizer: title, a two-line snippet, the date and its photos. A click
 * toggles the selection; the photos, edit and delete sit beside the toggle, not inside it.
 */
export function IdeaCard({
  idea,
  snippet,
  isSelected,
  onToggle,
  onEdit,
  onDelete,
}: {
  idea: Idea;
  snippet: string;
  isSelected: boolean;
  onToggle: () => void;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const date = formatDate(idea.createdAt, i18n.language);
  return (
    <li
      className={cn(
        'flex items-start gap-1 rounded-lg border bg-card transition-colors',
        isSelected ? 'border-primary ring-2 ring-primary' : 'border-border hover:bg-accent/40',
      )}
    >
      <div className="min-w-0 flex-1">
        <button
          type="button"
          aria-pressed={isSelected}
          onClick={onToggle}
          className="block w-full rounded-lg p-3 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex items-center gap-2 font-medium">
            {isSelected ? <CheckCircle2Icon className="size-4 shrink-0 text-primary" aria-hidden /> : null}
            <span className="truncate">{idea.title}</span>
          </span>
          <span className="mt-1 line-clamp-2 block text-sm whitespace-pre-line text-muted-foreground">{snippet}</span>
          <span className="mt-2 block text-xs text-muted-foreground">
            <time dateTime={idea.createdAt}>{date}</time>
          </span>
        </button>
        {/* Beside the toggle, not inside it: each thumbnail opens the full view. */}
        <PhotoThumbnails photos={idea.photos} className="px-3 pb-3" />
      </div>
      {onEdit || onDelete || idea.linkedinPostUrl ? (
        <div className="flex shrink-0 flex-col p-1">
          {idea.linkedinPostUrl ? (
            <a
              href={idea.linkedinPostUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('linkedin.viewPost')}
              title={t('linkedin.viewPost')}
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            >
              <ExternalLinkIcon aria-hidden />
            </a>
          ) : null}
          {onEdit ? (
            <Button
              variant="ghost"
              size="icon"
              onClick={onEdit}
              aria-label={t('ideas.organizer.editLabel', { title: idea.title })}
            >
              <PencilIcon aria-hidden />
            </Button>
          ) : null}
          {onDelete ? (
            <Button
              variant="ghost"
              size="icon"
              onClick={onDelete}
              aria-label={t('ideas.organizer.deleteLabel', { title: idea.title })}
              className="text-destructive hover:text-destructive"
            >
              <Trash2Icon aria-hidden />
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
