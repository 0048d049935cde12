import { z } from 'zod';
import { messageMethodSchema } from './email.ts';
import { generatedTextMaxLength, ideaIdListSchema } from './generation.ts';
import { photoSchema } from './photos.ts';
import { preferencesSchema } from './preferences.ts';
import { channels, deliveryStatuses, shareStatuses, type DeliveryCounts, type ShareStatus } from './share-options.ts';

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
  /** When a scheduled share goes out; null when it was sent (or is to be sent) at once. */
  sendAt: z.string().nullable(),
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

// ── Destinations and deliveries ──

export const channelSchema = z.enum(channels);
export const deliveryStatusSchema = z.enum(deliveryStatuses);

/** One destination of a share and how it went: a contact by email, a Telegram chat, the LinkedIn profile. */
export const deliverySchema = z.object({
  id: z.string(),
  channel: channelSchema,
  /** The contact of an email; null for a post. */
  contactId: z.string().nullable(),
  /** The contact's name, the Telegram chat's title, or the LinkedIn member's name. */
  recipientName: z.string().nullable(),
  /** The address of an email; null for a post. */
  recipientEmail: z.string().nullable(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  /** Why it failed, in the reader's language; null unless it failed, bounced or was refused. */
  error: z.string().nullable(),
  /** A failed delivery that "Retry failed" sends again (its errors were temporary). */
  canRetry: z.boolean(),
  /** The published post (LinkedIn, or the first message in a Telegram chat that has public links). */
  link: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** When the status last changed. */
  updatedAt: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  published: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
}) satisfies z.ZodType<DeliveryCounts>;

export const shareDeliveriesResponseSchema = z.object({
  shareId: z.string(),
  shareStatus: z.string(),
  isDone: z.boolean(),
  counts: deliveryCountsSchema,
  deliveries: z.array(deliverySchema),
});
export type ShareDeliveriesResponse = z.infer<typeof shareDeliveriesResponseSchema>;

/**
 * Where a share goes, any mix: the user's contacts by email, the user's connected Telegram chats
 * (by their id here, never a Telegram chat id), and the user's LinkedIn profile.
 */
export const destinationsSchema = z
  .object({
    contactIds: z.array(z.string().max(100)).max(1000).default([]),
    telegramChatIds: z.array(z.uuid('telegram.errors.chooseChannel')).max(20).default([]),
    linkedin: z.boolean().default(false),
  })
  .refine(
    (destinations) => destinations.contactIds.length + destinations.telegramChatIds.length > 0 || destinations.linkedin,
    'summeris.validation.selectDestination',
  );
export type Destinations = z.input<typeof destinationsSchema>;

/** An ISO date-time with its offset; absent: now. The server refuses a time in the past. */
const sendAtSchema = z.iso.datetime({ offset: true, error: 'summeris.validation.invalidTime' }).optional();

/**
 * What a send answers at once: deliveries are queued (or scheduled), and the client polls
 * GET /api/shares/:id/deliveries for the outcome. `no_recipients` counts as success.
 */
export const sendOutcomes = ['queued', 'scheduled', 'no_recipients', 'sms_not_supported'] as const;
export const sendResultSchema = z.object({
  shareId: z.string().nullable(),
  outcome: z.enum(sendOutcomes),
  queued: z.number().int(),
  skipped: z.number().int(),
  /** Contacts left out because they unsubscribed or their address bounces (part of `skipped`). */
  skippedUnsubscribed: z.number().int(),
  skippedBouncing: z.number().int(),
  /** Says how many contacts were left out and why, already translated; absent when none were. */
  skippedNotice: z.string().optional(),
  /** A notice for the user (no valid recipients, SMS warning), already translated. */
  message: z.string().optional(),
  /** Set when method was "both": email went out, SMS did not. */
  warning: z.string().optional(),
  /** Null when nothing was written (nothing to send). */
  deliveries: shareDeliveriesResponseSchema.nullable(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

/**
 * POST /api/shares/:id/send (Summeris, or a saved share). Defaults: the share's contacts, its
 * texts, its subject, now. Contacts it does not name keep their texts pending in Summeris.
 */
export const sendShareRequestSchema = z.object({
  destinations: destinationsSchema.optional(),
  bodies: z.record(z.string().max(100), z.string().max(50_000)).optional(),
  subject: z.string().trim().min(1, 'validation.required').max(300, 'validation.tooLong').optional(),
  method: messageMethodSchema.default('email'),
  sendAt: sendAtSchema,
});
export type SendShareRequest = z.input<typeof sendShareRequestSchema>;

export const retryFailedResponseSchema = z.object({
  requeued: z.number().int(),
  deliveries: shareDeliveriesResponseSchema,
});

/**
 * POST /api/shares/send: Create Content / Generate → "Email to Contacts", "Post to Telegram",
 * "Post to LinkedIn", now or at a time, all or nothing: the text is kept in the ideas' share and
 * the deliveries are queued in one transaction, so a refused send (monthly limit, no valid
 * recipient, a destination that cannot take it) changes no idea and no share. The ideas become
 * "sent" when the first destination has the share.
 */
export const sendShareTextRequestSchema = saveShareTextRequestSchema.extend({
  destinations: destinationsSchema,
  subject: z.string().trim().min(1, 'validation.required').max(300, 'validation.tooLong').optional(),
  method: messageMethodSchema.default('email'),
  sendAt: sendAtSchema,
});
export type SendShareTextRequest = z.input<typeof sendShareTextRequestSchema>;

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

/**
 * GET /api/shares/review (Summeris), everything that goes out on every channel. Pending: waiting for
 * review; Scheduled: waiting for their time; Sent: going out or gone, each destination with its
 * status; Failed: shares with a destination that failed (a partial send is in Sent and here).
 */
export const pendingTabStatuses = ['pending', 'generated', 'approved'] as const satisfies readonly ShareStatus[];
export const sentTabStatuses = ['sending', 'sent'] as const satisfies readonly ShareStatus[];

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

/**
 * A share as Summeris shows it: with its contacts' names, its template's name (null: "Default
 * Template"), its destinations (none yet while pending) and the photos of its ideas (in the share's
 * idea order, then each idea's photo order: what its channels send with it).
 */
export const shareWithContactsSchema = shareSchema.extend({
  contacts: z.array(shareContactSchema),
  templateName: z.string().nullable(),
  deliveries: z.array(deliverySchema),
  photos: z.array(photoSchema),
});
export type ShareWithContacts = z.infer<typeof shareWithContactsSchema>;

export const shareReviewResponseSchema = z.object({
  pending: z.array(shareWithContactsSchema),
  scheduled: z.array(shareWithContactsSchema),
  sent: z.array(shareWithContactsSchema),
  failed: z.array(shareWithContactsSchema),
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
