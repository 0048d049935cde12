import { z } from 'zod';
import { maxIdeaContentLength } from './idea-options.ts';

export * from './share-target-options.ts';

/**
 * The shared text as the server reads it from a POST share (share-target-options.ts): each field a
 * string, cut to what an idea holds rather than refused, since refusing would lose the whole share.
 */
const sharedField = z
  .string()
  .transform((value) => value.slice(0, maxIdeaContentLength))
  .optional();
export const sharedTextSchema = z.object({ title: sharedField, text: sharedField, url: sharedField });
