import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useIdeasForSharing } from '../api/get-ideas-for-sharing';
import { ShareIdeasFlow } from './share-ideas-flow';

/**
 * A stand-in for the Idea Organizer until My Stories is rebuilt: the user's unsent ideas with
 * checkboxes, in the order they are ticked, and the Share flow. The real dashboard passes its own
 * selection to <ShareIdeasFlow> instead.
 */
export function IdeasSharePanel() {
  const { t } = useTranslation();
  const ideas = useIdeasForSharing();
  const [selected, setSelected] = useState<string[]>([]);
  const unsent = (ideas.data?.events ?? []).filter((idea) => idea.status !== 'sent');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('summeris.ideasToShare')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {ideas.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : unsent.length === 0 ? (
          <p className="text-muted-foreground">{t('summeris.noIdeas')}</p>
        ) : (
          <ul className="space-y-1">
            {unsent.map((idea) => (
              <li key={idea.id} className="flex items-center gap-3 rounded-md p-2">
                <Checkbox
                  id={`share-idea-${idea.id}`}
                  checked={selected.includes(idea.id)}
                  onCheckedChange={(state) =>
                    setSelected((current) =>
                      state === true
                        ? [...current.filter((id) => id !== idea.id), idea.id]
                        : current.filter((id) => id !== idea.id),
                    )
                  }
                />
                <Label htmlFor={`share-idea-${idea.id}`} className="cursor-pointer">
                  {idea.content}
                </Label>
              </li>
            ))}
          </ul>
        )}
        <ShareIdeasFlow selectedIdeaIds={selected} />
      </CardContent>
    </Card>
  );
}
