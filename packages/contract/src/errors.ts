import { z } from 'zod';

/** The one error shape on the wire. `message` is in the request's language. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** When a temporary lock ends (two-factor sign-in), for the reader's own clock. */
  lockedUntil: z.iso.datetime().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
