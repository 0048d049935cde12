import { recording } from '@life-updates/contract/idea-options';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { transcribeAudio } from '@/api/transcription';
import { ApiRequestError, errorMessage, NetworkError } from '@/lib/api-client';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'converting';

/** Containers the server accepts, best first; Chromium and Firefox record WebM. */
const preferredTypes = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return preferredTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * The recorder: data collected every second, an mm:ss timer, pause and
 * resume, automatic stop at 120 s, then "converting" with a progress bar that rises by itself to 95 %,
 * jumps to 100 % on success and closes 500 ms later. Errors are shown as toasts.
 */
export function useVoiceRecorder({
  onTranscribed,
  onFinished,
  onKeepOffline,
}: {
  /** Called with the transcribed text once the panel closes. */
  onTranscribed: (text: string) => void;
  /** Called when the recorder gives up (microphone or transcription error). */
  onFinished: () => void;
  /**
   * Without a connection: keeps the recording to transcribe later (offline/idea-queue.ts); true when
   * it was kept, and the panel then closes.
   */
  onKeepOffline?: ((audio: Blob, seconds: number) => Promise<boolean>) | undefined;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [progress, setProgress] = useState(0);

  const callbacks = useRef({ onTranscribed, onFinished, onKeepOffline });
  useEffect(() => {
    callbacks.current = { onTranscribed, onFinished, onKeepOffline };
  }, [onTranscribed, onFinished, onKeepOffline]);
  /** The recorded seconds, for a recording kept offline. */
  const elapsedRef = useRef(0);
  useEffect(() => {
    elapsedRef.current = elapsed;
  }, [elapsed]);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const timersRef = useRef<number[]>([]);
  /** Bumped by dispose(): work started in an older session must not touch the state. */
  const sessionRef = useRef(0);

  const releaseMicrophone = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const clearTimers = useCallback(() => {
    timersRef.current.forEach((id) => window.clearInterval(id));
    timersRef.current = [];
  }, []);

  /** Stops everything without transcribing: the close button, or leaving the page. */
  const dispose = useCallback(() => {
    sessionRef.current += 1;
    clearTimers();
    abortRef.current?.abort();
    abortRef.current = null;
    const recorder = recorderRef.current;
    recorderRef.current = null;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    releaseMicrophone();
    setState('idle');
  }, [clearTimers, releaseMicrophone]);

  const transcribe = useCallback(
    async (audio: Blob, session: number) => {
      setState('converting');
      setProgress(0);
      const rise = window.setInterval(() => {
        setProgress((current) =>
          Math.min(recording.progressCap, current + Math.max(1, Math.round((recording.progressCap - current) / 10))),
        );
      }, 300);
      timersRef.current.push(rise);
      const abort = new AbortController();
      abortRef.current = abort;
      let text: string;
      try {
        if (audio.size === 0)
          throw new ApiRequestError(422, { code: 'NO_SPEECH', message: t('ideas.recorder.noSpeech') });
        if (!navigator.onLine) throw new NetworkError('offline');
        text = await transcribeAudio(audio, { signal: abort.signal });
      } catch (error) {
        if (session !== sessionRef.current) return;
        clearTimers();
        // No connection: the recording waits on this device and is transcribed once back online.
        const keep = callbacks.current.onKeepOffline;
        if (error instanceof NetworkError && keep && (await keep(audio, elapsedRef.current))) {
          setState('idle');
          callbacks.current.onFinished();
          return;
        }
        // The server's message is the provider's own or one of our catalogue messages (already translated).
        toast.error(errorMessage(error, t('ideas.recorder.failedToTranscribe')));
        setState('idle');
        callbacks.current.onFinished();
        return;
      } finally {
        window.clearInterval(rise);
      }
      if (session !== sessionRef.current) return;
      setProgress(100);
      const close = window.setTimeout(() => {
        if (session !== sessionRef.current) return;
        setState('idle');
        callbacks.current.onTranscribed(text);
      }, recording.closeDelayMs);
      timersRef.current.push(close);
    },
    [clearTimers, t],
  );

  const start = useCallback(async () => {
    const session = sessionRef.current;
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('');
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (session !== sessionRef.current) return;
      // DOMException (NotAllowedError, NotFoundError, ...) carries the browser's reason.
      const message = (error as { message?: unknown } | null)?.message;
      const reason = typeof message === 'string' && message ? message : t('ideas.recorder.tryAgain');
      toast.error(`${t('ideas.recorder.microphoneError')} ${reason}`);
      callbacks.current.onFinished();
      return;
    }
    if (session !== sessionRef.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;
    const mimeType = pickMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (error) {
      releaseMicrophone();
      toast.error(`${t('ideas.recorder.microphoneError')} ${(error as Error).message || t('ideas.recorder.tryAgain')}`);
      callbacks.current.onFinished();
      return;
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      releaseMicrophone();
      if (session !== sessionRef.current) return;
      void transcribe(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }), session);
    };
    recorderRef.current = recorder;
    recorder.start(recording.timesliceMs);
    setElapsed(0);
    setState('recording');
  }, [releaseMicrophone, t, transcribe]);

  const pause = useCallback(() => {
    if (recorderRef.current?.state !== 'recording') return;
    recorderRef.current.pause();
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (recorderRef.current?.state !== 'paused') return;
    recorderRef.current.resume();
    setState('recording');
  }, []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === 'inactive') return;
    recorderRef.current = null;
    // The last chunk arrives before onstop, which then starts the transcription.
    recorder.stop();
    setState('converting');
    setProgress(0);
  }, []);

  // The mm:ss timer runs only while recording (not while paused).
  useEffect(() => {
    if (state !== 'recording') return;
    const tick = window.setInterval(() => setElapsed((seconds) => seconds + 1), 1000);
    return () => window.clearInterval(tick);
  }, [state]);

  // Recording stops by itself at 120 seconds.
  useEffect(() => {
    if (state === 'recording' && elapsed >= recording.maxSeconds) stop();
  }, [elapsed, state, stop]);

  useEffect(() => dispose, [dispose]);

  return { state, elapsed, progress, start, pause, resume, stop, dispose };
}
