import { z } from 'zod';

/**
 * Settings → Your Voice → writing like the user: whether the user's sent texts are given to the
 * model as examples of their voice, and how many are kept. PUT takes `{ isOn }`; DELETE forgets them.
 */
export const voiceLearningSchema = z.object({ isOn: z.boolean(), count: z.number().int() });
export type VoiceLearning = z.infer<typeof voiceLearningSchema>;
export const voiceLearningUpdateSchema = z.object({ isOn: z.boolean({ message: 'validation.invalidInput' }) });
