import type { TranscriptionStatus } from '@life-updates/contract/ideas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whether the server has a speech-to-text provider; without one Record Voice explains why it cannot record. */
export const getTranscriptionStatus = () => api<TranscriptionStatus>('/api/transcription/status');

export const transcriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: ['transcription', 'status'], queryFn: getTranscriptionStatus, staleTime: Infinity });
export const useTranscriptionStatus = () => useQuery(transcriptionStatusQueryOptions());
