import type { Preferences } from '@life-updates/contract/preferences';
import { CheckCircle2Icon, MailIcon, SaveIcon, SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useIdeas } from '@/api/ideas';
import { ContactPickerDialog } from '@/components/contact-picker-dialog';
import { ShareDestinationsDialog } from '@/components/shares/share-destinations-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiRequestError } from '@/lib/api-client';
import { useGenerationStream } from '../hooks/use-generation-stream';
import { useShareActions } from '../hooks/use-share-actions';
import { GeneratedTextPanel } from './generated-text-panel';
import { PreferencesPanel } from './preferences-panel';
import { ResultDialog } from './result-dialog';

/**
 * What Create Content and Generate share: the preferences, the Generate button, the streamed and
 * editable text, and the three exits. Mount it with a `key` per idea set so it starts afresh.
 */
export function GenerationWorkspace({
  ideaIds,
  initialText,
  initialPreferences,
  generateLabel,
}: {
  ideaIds: readonly string[];
  initialText: string;
  initialPreferences: Preferences;
  generateLabel: string;
}) {
  const { t } = useTranslation();
  const [preferences, setPreferences] = useState(initialPreferences);
  const [generatedLength, setGeneratedLength] = useState<Preferences['length'] | null>(null);
  const stream = useGenerationStream(initialText);
  const actions = useShareActions({ ideaIds, text: stream.text, preferences });
  const ideas = useIdeas();
  const photoCount = (ideas.data?.ideas ?? [])
    .filter((idea) => ideaIds.includes(idea.id))
    .reduce((total, idea) => total + idea.photos.length, 0);

  async function generate() {
    if (ideaIds.length === 0) {
      toast.error(t('generation.toasts.selectIdeaFirst'));
      return;
    }
    const outcome = await stream.generate({ ideaIds: [...ideaIds], preferences });
    if (outcome.kind === 'done') {
      setGeneratedLength(preferences.length);
      toast.success(t('generation.toasts.textGenerated'));
    } else if (outcome.kind === 'stopped') toast.info(t('generation.cancelled'));
    else if (outcome.error instanceof ApiRequestError)
      toast.error(outcome.error.message || t('generation.toasts.generateFailed'));
    else toast.error(t('generation.toasts.generateFailedRetry'));
  }

  const isLocked = stream.isGenerating || actions.isBusy;

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>{t('generation.choosePreferences')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <PreferencesPanel value={preferences} onChange={setPreferences} disabled={isLocked} />
          <Button className="w-full" size="lg" disabled={isLocked} onClick={() => void generate()}>
            <SparklesIcon aria-hidden />
            {stream.isGenerating ? t('generation.generating') : generateLabel}
          </Button>
        </CardContent>
      </Card>
      <Card className="lg:col-span-3">
        <CardContent className="space-y-4 pt-6">
          <GeneratedTextPanel
            text={stream.text}
            onTextChange={stream.setText}
            phase={stream.phase}
            model={stream.model}
            inputs={stream.inputs}
            onStop={stream.stop}
            generatedLength={generatedLength}
          />
          <div className="grid gap-2 sm:grid-cols-3">
            <Button variant="outline" disabled={isLocked} onClick={actions.saveForLater}>
              <SaveIcon aria-hidden />
              {actions.isSaving ? t('common.saving') : t('generation.saveForLater')}
            </Button>
            <Button
              variant="secondary"
              disabled={isLocked}
              title={t('generation.approveAndFinishHint')}
              onClick={actions.openApprovePicker}
            >
              <CheckCircle2Icon aria-hidden />
              {actions.isApproving ? t('common.saving') : t('generation.approveAndFinish')}
            </Button>
            <Button disabled={isLocked} onClick={actions.openPicker}>
              <MailIcon aria-hidden />
              {t('generation.emailToContacts')}
            </Button>
          </div>
        </CardContent>
      </Card>
      <ShareDestinationsDialog
        open={actions.isPickerOpen}
        onOpenChange={actions.setPickerOpen}
        title={t('generation.selectContactsTitle')}
        submitLabel={t('generation.sendEmail')}
        postSubmitLabel={t('common.destinations.send')}
        postText={stream.text}
        photoCount={photoCount}
        isProcessing={actions.isSending}
        onSubmit={(choice) => void actions.send(choice)}
      />
      <ContactPickerDialog
        open={actions.isApprovePickerOpen}
        onOpenChange={actions.setApprovePickerOpen}
        title={t('notices.approveTitle')}
        submitLabel={t('notices.approveSubmit')}
        isProcessing={actions.isApproving}
        onSubmit={(contactIds) => actions.approve(contactIds)}
      />
      <ResultDialog result={actions.result} onClose={actions.closeResult} />
    </div>
  );
}
