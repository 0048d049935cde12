import { formatDuration, recording } from '@life-updates/contract/idea-options';
import { Loader2Icon, PauseIcon, PlayIcon, SquareIcon, XIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useVoiceRecorder } from './use-voice-recorder';

/**
 * The panel "Recording in progress...". It starts recording when it
 * opens; the close button stops without transcribing.
 */
export function VoiceRecorder({
  onTranscribed,
  onClose,
  onKeepOffline,
}: {
  onTranscribed: (text: string) => void;
  onClose: () => void;
  /** Keeps a recording made without a connection, to transcribe later (see useVoiceRecorder). */
  onKeepOffline?: ((audio: Blob, seconds: number) => Promise<boolean>) | undefined;
}) {
  const { t } = useTranslation();
  const recorder = useVoiceRecorder({ onTranscribed, onFinished: onClose, onKeepOffline });
  const { start } = recorder;

  useEffect(() => {
    void start();
  }, [start]);

  const close = () => {
    recorder.dispose();
    onClose();
  };

  return (
    <section aria-labelledby="recorder-title" className="space-y-4 rounded-lg border border-border bg-muted/40 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id="recorder-title" className="font-semibold">
          {t('ideas.recorder.title')}
        </h3>
        <Button variant="ghost" size="icon" onClick={close} aria-label={t('ideas.recorder.close')}>
          <XIcon aria-hidden />
        </Button>
      </div>

      {recorder.state === 'converting' ? (
        <div className="space-y-2">
          <p role="status" className="flex items-center gap-2 text-sm">
            <Loader2Icon className="size-4 animate-spin" aria-hidden />
            {t('ideas.recorder.converting')}
          </p>
          <Progress value={recorder.progress} aria-label={t('ideas.recorder.progressLabel')} />
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm">
            <span
              aria-hidden
              className={
                recorder.state === 'paused'
                  ? 'size-3 rounded-full bg-muted-foreground'
                  : 'size-3 animate-pulse rounded-full bg-destructive'
              }
            />
            <span>{recorder.state === 'paused' ? t('ideas.recorder.paused') : t('ideas.recorder.recording')}</span>
            <span role="timer" className="font-mono tabular-nums">
              {t('ideas.recorder.elapsed', {
                elapsed: formatDuration(recorder.elapsed),
                max: formatDuration(recording.maxSeconds),
              })}
            </span>
          </p>
          <div className="flex gap-2">
            {recorder.state === 'paused' ? (
              <Button variant="outline" size="sm" onClick={recorder.resume}>
                <PlayIcon aria-hidden />
                {t('ideas.recorder.resume')}
              </Button>
            ) : (
              <Button variant="outline" size="sm" onClick={recorder.pause} disabled={recorder.state !== 'recording'}>
                <PauseIcon aria-hidden />
                {t('ideas.recorder.pause')}
              </Button>
            )}
            <Button variant="destructive" size="sm" onClick={recorder.stop} disabled={recorder.state === 'idle'}>
              <SquareIcon aria-hidden />
              {t('ideas.recorder.stop')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
