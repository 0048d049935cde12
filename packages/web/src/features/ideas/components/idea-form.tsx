import { MicIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateEvent } from '../api/create-event';
import { useTranscriptionStatus } from '../api/get-transcription-status';
import { useIsMobile } from './use-is-mobile';
import { VoiceRecorder } from './voice-recorder';

type Mode = 'typing' | 'recording' | 'reviewing';

/**
 * The entry box of My Stories (spec §2, §4 Event form): typing, recording, reviewing a transcription.
 * The text is cleared only after the server has stored it, so nothing is lost on failure.
 */
export function IdeaForm({ openIdeas }: { openIdeas?: { open: number; limit: number } | undefined }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const createEvent = useCreateEvent();
  const transcription = useTranscriptionStatus();
  const [mode, setMode] = useState<Mode>('typing');
  const [text, setText] = useState('');
  const [isTranscribed, setIsTranscribed] = useState(false);
  const unavailableId = useId();

  const isBlank = text.trim() === '';
  const canRecord = transcription.data?.available === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // spec §4 Event form: submit is ignored when the text is blank after trimming.
    if (isBlank || createEvent.isPending) return;
    try {
      await createEvent.mutateAsync({ content: text.trim(), isAudioRecording: isTranscribed });
    } catch (error) {
      toast.error(t('ideas.toasts.addFailed'), {
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
      return;
    }
    toast.success(t('ideas.toasts.created'));
    setText('');
    setIsTranscribed(false);
    setMode('typing');
  };

  const recordVoice = () => {
    if (!canRecord) {
      toast.info(t('ideas.recorder.unavailable'));
      return;
    }
    setMode('recording');
  };

  const onTranscribed = (transcribed: string) => {
    setText(transcribed);
    setIsTranscribed(true);
    setMode('reviewing');
    toast.success(t('ideas.recorder.success'), { description: t('ideas.recorder.successDescription') });
  };

  const cancelReview = () => {
    setText('');
    setIsTranscribed(false);
    setMode('typing');
  };

  const isReviewing = mode === 'reviewing';

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('ideas.form.heading')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-3">
          {isReviewing ? <p className="text-sm font-medium">{t('ideas.form.reviewHeading')}</p> : null}
          {mode === 'recording' ? (
            <VoiceRecorder onTranscribed={onTranscribed} onClose={() => setMode('typing')} />
          ) : (
            <Textarea
              aria-label={t('ideas.form.label')}
              rows={isMobile ? 3 : 4}
              value={text}
              placeholder={
                isReviewing
                  ? t('ideas.form.reviewPlaceholder')
                  : isMobile
                    ? t('ideas.form.placeholderMobile')
                    : t('ideas.form.placeholderDesktop')
              }
              onChange={(event) => {
                setText(event.target.value);
                // spec §4 Event form: editing in normal mode clears the transcribed flag.
                if (!isReviewing) setIsTranscribed(false);
              }}
            />
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            {isReviewing ? (
              <Button variant="outline" onClick={cancelReview}>
                {t('ideas.form.cancel')}
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={recordVoice}
                disabled={mode === 'recording' || transcription.isPending}
                aria-describedby={transcription.data && !canRecord ? unavailableId : undefined}
              >
                <MicIcon aria-hidden />
                {t('ideas.form.recordVoice')}
              </Button>
            )}
            <Button type="submit" disabled={isBlank || mode === 'recording' || createEvent.isPending}>
              {t('ideas.form.saveEvent')}
            </Button>
          </div>
          {transcription.data && !canRecord ? (
            <span id={unavailableId} className="sr-only">
              {t('ideas.recorder.unavailable')}
            </span>
          ) : null}
          {openIdeas ? <p className="text-xs text-muted-foreground">{t('ideas.form.openCount', openIdeas)}</p> : null}
        </form>
      </CardContent>
    </Card>
  );
}
