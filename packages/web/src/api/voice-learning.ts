import type { VoiceLearning } from '@life-updates/contract/sent-texts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useReplacingMutation } from '@/lib/query-client';

/** Settings → Your Voice → writing like the user: the switch, how many sent texts are kept, and Forget. */
const voiceLearningKey = ['voice-learning'] as const;

export const useVoiceLearning = () =>
  useQuery({ queryKey: voiceLearningKey, queryFn: () => api<VoiceLearning>('/api/voice-learning') });

export const useSetVoiceLearning = () =>
  useReplacingMutation(voiceLearningKey, (isOn: boolean) =>
    api<VoiceLearning>('/api/voice-learning', { method: 'PUT', body: { isOn } }),
  );

export const useForgetVoiceLearning = () =>
  useReplacingMutation(voiceLearningKey, () => api<VoiceLearning>('/api/voice-learning', { method: 'DELETE' }));
