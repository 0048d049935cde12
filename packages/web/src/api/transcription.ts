import { audioFieldName } from '@life-updates/contract/idea-options';
import type { TranscriptionResult, TranscriptionStatus } from '@life-updates/contract/ideas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const transcriptionKeys = {
  all: ['transcription'] as const,
  status: () => [...transcriptionKeys.all, 'status'] as const,
};

/** Whether the server has a speech-to-text provider; without one Record Voice explains why it cannot record. */
export const useTranscriptionStatus = () =>
  useQuery({
    queryKey: transcriptionKeys.status(),
    queryFn: () => api<TranscriptionStatus>('/api/transcription/status'),
    // An admin may set speech to text up while the app is open (Settings → Admin): asked again after a minute.
    staleTime: 60_000,
  });

const extensions: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

/** File name for a recording: recording.webm for Chromium and Firefox. */
function recordingFileName(mimeType: string) {
  const base = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return `recording.${extensions[base] ?? 'webm'}`;
}

/** Speech to text through our server: multipart, the recording in the field "file". */
export async function transcribeAudio(audio: Blob, { signal }: { signal?: AbortSignal } = {}): Promise<string> {
  const form = new FormData();
  form.append(audioFieldName, audio, recordingFileName(audio.type));
  const result = await api<TranscriptionResult>('/api/transcription', { method: 'POST', body: form, signal });
  return result.text;
}
