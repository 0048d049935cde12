import { useQueryClient } from '@tanstack/react-query';
import { MicIcon } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCreateIdea } from '@/api/ideas';
import { useMe } from '@/api/me';
import { useTranscriptionStatus } from '@/api/transcription';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { PendingPhotos } from '@/components/photos/pending-photos';
import { PhotoPickerButtons, usePhotoDropTarget } from '@/components/photos/photo-inputs';
import { usePhotoUploads } from '@/components/photos/use-photo-uploads';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { queuedIdeasQueryKey } from '../offline/queued-ideas';
import { enqueueIdea } from '../offline/idea-queue';
import type { QueuedIdea } from '../offline/queue-store';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useMediaQuery } from '@/lib/use-media-query';
import { peekIncomingText, takeIncomingText } from '../offline/incoming-text';
import { useIncomingPhotos } from '../offline/use-incoming-photos';
import { VoiceRecorder } from './voice-recorder';

type Mode = 'typing' | 'recording' | 'reviewing';

/**
 * What the box holds once `submitted` is saved: the text typed since (after it), or all of it when
 * the submitted part itself was changed meanwhile, so nothing typed during a save is lost.
 */
export function textAfterSave(current: string, submitted: string): string {
  if (current === submitted) return '';
  if (current.startsWith(submitted)) return current.slice(submitted.length).replace(/^\s+/, '');
  return current;
}

/**
 * The entry box of My Stories: typing, recording, reviewing a transcription.
 * The text is cleared only after the server has stored it, so nothing is lost on failure; without a
 * connection the idea waits on this device (offline/idea-queue.ts) and the box is cleared as well.
 * Text shared into the app (the share target) arrives here, ready to save.
 * Photos (picked, taken, dropped on the form or pasted) are held with local previews and uploaded
 * one by one once the idea is saved; offline they wait in the queue with the idea.
 */
export function IdeaForm({ openIdeas }: { openIdeas?: { open: number; limit: number } | undefined }) {
  const { t } = useTranslation();
  // The mobile layout applies below 768 px.
  const isMobile = useMediaQuery('(max-width: 767.98px)');
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const createIdea = useCreateIdea();
  const transcription = useTranscriptionStatus();
  const [mode, setMode] = useState<Mode>('typing');
  // Text shared into the app (routes/incoming.tsx) starts in the box, ready to save.
  const [text, setText] = useState(() => peekIncomingText() ?? '');
  const [isTranscribed, setIsTranscribed] = useState(false);
  const unavailableId = useId();
  const photos = usePhotoUploads({});
  // Photos shared into the app with the text (the share target) join the photos to upload.
  useIncomingPhotos(photos.add);
  const drop = usePhotoDropTarget(photos.add);

  // …once: a reload does not bring it back.
  useEffect(() => {
    if (takeIncomingText() !== null) toast.info(t('capture.share.prefilled'));
  }, [t]);

  // Photos attached to the idea being written (not those of an idea already saved).
  const attachedCount = photos.pending.filter((photo) => photo.state === 'attached').length;
  // Photos alone make an idea too (a gallery shares no text): it is then called "Photo(s)", to be
  // written later in My Stories.
  const isBlank = text.trim() === '' && attachedCount === 0;
  const canRecord = transcription.data?.available === true;

  /** Keeps an idea on this device until the server can have it (offline/idea-queue.ts); false when signed out. */
  const keep = async (idea: Omit<QueuedIdea, 'userId' | 'createdAt'>, message: string) => {
    if (!me) return false;
    await enqueueIdea({ ...idea, userId: me.id });
    await queryClient.invalidateQueries({ queryKey: queuedIdeasQueryKey });
    toast.info(message);
    return true;
  };

  const keepOnDevice = (idempotencyKey: string, content: string, isAudioRecording: boolean) => {
    // The photos go with it, each with its own key, to be sent after the idea.
    const held = photos.takeHeld().map((photo) => ({
      key: photo.key,
      file: photo.file,
      name: photo.file.name,
      isSent: false,
    }));
    return keep({ key: idempotencyKey, content, isAudioRecording, photos: held }, t('capture.queue.savedOffline'));
  };

  const keepRecording = (audio: Blob, seconds: number) =>
    keep(
      { key: newIdempotencyKey(), content: '', isAudioRecording: true, audio, audioSeconds: seconds },
      t('capture.queue.recordingKept'),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Submit is ignored when the text is blank after trimming and no photo is attached.
    if (isBlank || createIdea.isPending) return;
    const submitted = text;
    const input = {
      content: submitted.trim() || t('photos.ideaText', { count: attachedCount }),
      isAudioRecording: isTranscribed,
    };
    // One key for this idea, whether it is sent now or later from the queue.
    const idempotencyKey = newIdempotencyKey();
    if (!navigator.onLine) {
      if (!(await keepOnDevice(idempotencyKey, input.content, input.isAudioRecording))) return;
    } else {
      try {
        const idea = await createIdea.mutateAsync({ input, idempotencyKey });
        toast.success(t('ideas.toasts.created'));
        void photos.sendTo(idea.id);
      } catch (error) {
        // Never reached the server, or its answer was lost: keep it (the key makes resending safe).
        const isQueued =
          !(error instanceof ApiRequestError) &&
          (await keepOnDevice(idempotencyKey, input.content, input.isAudioRecording));
        if (!isQueued) {
          toast.error(t('ideas.toasts.addFailed'), {
            description: error instanceof ApiRequestError ? error.message : undefined,
          });
          return;
        }
      }
    }
    // Only what was sent: anything typed while it was saving stays in the box.
    setText((current) => textAfterSave(current, submitted));
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
        <form
          onSubmit={submit}
          {...drop.handlers}
          className={cn('space-y-3 rounded-md', drop.isDragging && 'ring-4 ring-primary ring-offset-4')}
        >
          {isReviewing ? <p className="text-sm font-medium">{t('ideas.form.reviewHeading')}</p> : null}
          {mode === 'recording' ? (
            <VoiceRecorder
              onTranscribed={onTranscribed}
              onClose={() => setMode('typing')}
              onKeepOffline={keepRecording}
            />
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
                // Editing in normal mode clears the transcribed flag.
                if (!isReviewing) setIsTranscribed(false);
              }}
            />
          )}
          <PendingPhotos photos={photos.pending} onRetry={photos.retry} onRemove={photos.discard} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap gap-2">
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
              <PhotoPickerButtons onFiles={photos.add} disabled={mode === 'recording'} />
            </div>
            <Button type="submit" disabled={isBlank || mode === 'recording' || createIdea.isPending}>
              {t('ideas.form.saveIdea')}
            </Button>
          </div>
          {transcription.data && !canRecord ? (
            <span id={unavailableId} className="sr-only">
              {t('ideas.recorder.unavailable')}
            </span>
          ) : null}
          {/* Its line is kept while the count loads, so the form does not grow when it arrives. */}
          <p className="min-h-4 text-xs text-muted-foreground">
            {openIdeas ? t('ideas.form.openCount', openIdeas) : null}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
