import { z } from 'zod';
import { ideaIdListSchema, generatedTextMaxLength } from './generation.ts';
import { shareSchema, type ShareStatus } from './shares.ts';

// ── Per-contact summaries and the Summeris review queue ──

/** Summeris → Pending: shares waiting for review; Sent: shares handed to the email pipeline. */
export const pendingTabStatuses = ['pending', 'generated', 'approved'] as const satisfies readonly ShareStatus[];
export const sentTabStatuses = ['sending', 'sent', 'failed'] as const satisfies readonly ShareStatus[];

/**
 * POST /api/summaries/generate: the ideas in order, a template,
 * at least one contact.
 */
export const generateSummariesRequestSchema = z.object({
  eventIds: ideaIdListSchema,
  templateId: z
    .string({ error: 'summeris.validation.selectTemplate' })
    .trim()
    .min(1, 'summeris.validation.selectTemplate')
    .max(100, 'summeris.validation.selectTemplate'),
  contactIds: z
    .array(z.string().max(100, 'validation.invalidInput'), { error: 'summeris.validation.selectContact' })
    .min(1, 'summeris.validation.selectContact')
    .max(1000, 'validation.tooLong')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.invalidInput'),
});
export type GenerateSummariesRequest = z.infer<typeof generateSummariesRequestSchema>;

export const summerisContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  relationship: z.string().nullable(),
});
export type SummerisContact = z.infer<typeof summerisContactSchema>;

/** A share as Summeris shows it: with its contacts' names and its template's name (null: "Default Template"). */
export const summerisShareSchema = shareSchema.extend({
  contacts: z.array(summerisContactSchema),
  templateName: z.string().nullable(),
});
export type SummerisShare = z.infer<typeof summerisShareSchema>;

export const summerisListResponseSchema = z.object({
  pending: z.array(summerisShareSchema),
  sent: z.array(summerisShareSchema),
});
export type SummerisListResponse = z.infer<typeof summerisListResponseSchema>;

export const summerisShareResponseSchema = z.object({ share: summerisShareSchema });

/** PUT /api/summeris/:shareId/summaries/:contactId — one contact's text. */
export const updateSummaryRequestSchema = z.object({
  text: z
    .string({ error: 'summeris.validation.textRequired' })
    .max(generatedTextMaxLength, 'validation.tooLong')
    .refine((text) => text.trim().length > 0, 'summeris.validation.textRequired'),
});
export type UpdateSummaryRequest = z.infer<typeof updateSummaryRequestSchema>;

export const cancelShareResponseSchema = z.object({ success: z.literal(true) });
