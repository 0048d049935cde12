import { z } from 'zod';
import { messageMethodSchema, sendResultSchema, shareDeliveriesResponseSchema } from './email.ts';
import { generatedTextMaxLength, ideaIdListSchema } from './generation.ts';
import { preferencesSchema } from './preferences.ts';
import { shareStatuses, type ShareStatus } from './share-options.ts';

export * from './share-options.ts';

export const shareIdeaSnapshotSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  date: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type ShareIdeaSnapshot = z.infer<typeof shareIdeaSnapshotSchema>;

export const shareSchema = z.object({
  id: z.string(),
  status: z.enum(shareStatuses),
  ideaIds: z.array(z.string()),
  ideas: z.array(shareIdeaSnapshotSchema),
  contactIds: z.array(z.string()),
  /** Contact id → text; a single generated piece uses the key `summary`. */
  texts: z.record(z.string(), z.string()),
  templateId: z.string().nullable(),
  subject: z.string().nullable(),
  source: z.string(),
  generatedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

/**
 * Create Content's exits "Save for later" and "Approve & Finish":
 * the ideas, the (edited) generated text and the preferences to store on each idea.
 */
export const saveShareTextRequestSchema = z.object({
  ideaIds: ideaIdListSchema,
  text: z
    .string({ message: 'generation.toasts.noTextToSave' })
    .max(generatedTextMaxLength, 'validation.tooLong')
    .refine((text) => text.trim().length > 0, 'generation.toasts.noTextToSave'),
  preferences: preferencesSchema,
});
export type SaveShareTextRequest = z.infer<typeof saveShareTextRequestSchema>;

/**
 * "Approve & Finish": as Save for later, with the contacts who will receive the share when it is
 * approved in Summeris (the user's own contacts; others are dropped). Absent: the share's are kept.
 */
export const approveShareTextRequestSchema = saveShareTextRequestSchema.extend({
  contactIds: z.array(z.string().max(100)).max(1000).optional(),
});
export type ApproveShareTextRequest = z.infer<typeof approveShareTextRequestSchema>;

/**
 * Create Content / Generate → "Email to Contacts" ("sends to the picked
 * contacts and sets the idea status to sent"), all or nothing: the text is kept in the ideas' share
 * and the emails are queued in one transaction, so a refused send (monthly limit, no valid recipient)
 * changes no idea and no share.
 */
export const emailShareTextRequestSchema = saveShareTextRequestSchema.extend({
  contactIds: z
    .array(z.string().max(100), { error: 'summeris.validation.selectContact' })
    .min(1, 'summeris.validation.selectContact')
    .max(1000),
  subject: z.string().trim().min(1, 'validation.required').max(300, 'validation.tooLong').optional(),
  method: messageMethodSchema.default('email'),
});
export type EmailShareTextRequest = z.input<typeof emailShareTextRequestSchema>;

/** As for POST /api/shares/:id/send; with nothing queued nothing was written, so there is no share. */
export const emailShareTextResultSchema = sendResultSchema.extend({
  shareId: z.string().nullable(),
  deliveries: shareDeliveriesResponseSchema.nullable(),
});
export type EmailShareTextResult = z.infer<typeof emailShareTextResultSchema>;

export const shareResponseSchema = z.object({ share: shareSchema });
export const shareForIdeaResponseSchema = z.object({ share: shareSchema.nullable() });
export const shareListResponseSchema = z.object({ shares: z.array(shareSchema) });

/** GET /api/shares?status=saved_for_later,approved — one status or a comma-separated list. */
export const shareListQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(z.enum(shareStatuses, { message: 'validation.invalidInput' })).optional()),
});

// ── Per-contact texts and the Summeris review queue ──

/** GET /api/shares/review (Summeris) → Pending: shares waiting for review; Sent: shares handed to the email pipeline. */
export const pendingTabStatuses = ['pending', 'generated', 'approved'] as const satisfies readonly ShareStatus[];
export const sentTabStatuses = ['sending', 'sent', 'failed'] as const satisfies readonly ShareStatus[];

/**
 * POST /api/shares/generate: the ideas in order, a template,
 * at least one contact.
 */
export const generateShareRequestSchema = z.object({
  ideaIds: ideaIdListSchema,
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
export type GenerateShareRequest = z.infer<typeof generateShareRequestSchema>;

export const shareContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  relationship: z.string().nullable(),
});
export type ShareContact = z.infer<typeof shareContactSchema>;

/** A share as Summeris shows it: with its contacts' names and its template's name (null: "Default Template"). */
export const shareWithContactsSchema = shareSchema.extend({
  contacts: z.array(shareContactSchema),
  templateName: z.string().nullable(),
});
export type ShareWithContacts = z.infer<typeof shareWithContactsSchema>;

export const shareReviewResponseSchema = z.object({
  pending: z.array(shareWithContactsSchema),
  sent: z.array(shareWithContactsSchema),
});
export type ShareReviewResponse = z.infer<typeof shareReviewResponseSchema>;

export const shareWithContactsResponseSchema = z.object({ share: shareWithContactsSchema });

/** PUT /api/shares/:id/texts/:contactId — one contact's text. */
export const updateShareTextRequestSchema = z.object({
  text: z
    .string({ error: 'summeris.validation.textRequired' })
    .max(generatedTextMaxLength, 'validation.tooLong')
    .refine((text) => text.trim().length > 0, 'summeris.validation.textRequired'),
});
export type UpdateShareTextRequest = z.infer<typeof updateShareTextRequestSchema>;

export const cancelShareResponseSchema = z.object({ success: z.literal(true) });
