import { z } from 'zod';
import {
  type EventPreferences,
  eventStatuses,
  idempotencyKeyHeader,
  maxEventContentLength,
  preferenceOptions,
} from './event-options.ts';

export * from './event-options.ts';

// ── Event status ──

export const eventStatusSchema = z.enum(eventStatuses);

// ── Event preferences (default first) ──

export const eventPreferencesSchema = z
  .object({
    platform: z.enum(preferenceOptions.platform),
    length: z.enum(preferenceOptions.length),
    tone: z.enum(preferenceOptions.tone),
    intent: z.enum(preferenceOptions.intent),
    sentiment: z.enum(preferenceOptions.sentiment),
    structure: z.enum(preferenceOptions.structure),
  })
  .strict() satisfies z.ZodType<EventPreferences>;

// ── Event requests and responses ──

export const eventContentSchema = z
  .string('ideas.validation.contentRequired')
  .trim()
  .min(1, 'ideas.validation.contentRequired')
  .max(maxEventContentLength, 'ideas.validation.contentTooLong');

const optionalDateSchema = z.iso
  .datetime({ offset: true, error: 'ideas.validation.invalidDate' })
  .nullable()
  .optional();
const tagsSchema = z.array(z.string().trim().min(1).max(50, 'validation.tooLong')).max(20, 'validation.tooLong');
const descriptionSchema = z.string().trim().max(2000, 'validation.tooLong').nullable().optional();
const eventTypeSchema = z.string().trim().max(100, 'validation.tooLong').nullable().optional();

/** Submitting an event carries the text and whether it came from voice transcription. */
export const createEventSchema = z
  .object({
    content: eventContentSchema,
    isAudioRecording: z.boolean().default(false),
    description: descriptionSchema,
    date: optionalDateSchema,
    eventType: eventTypeSchema,
    tags: tagsSchema.optional(),
  })
  .strict();
export type CreateEvent = z.input<typeof createEventSchema>;

/** The create's optional Idempotency-Key (`idempotencyKeyHeader`, event-options.ts). */
export const createEventHeadersSchema = z.object({
  [idempotencyKeyHeader]: z.uuid('capture.validation.idempotencyKey').optional(),
});

/** Edit Event dialog and other field edits. Status changes go through the status and approve calls. */
export const updateEventSchema = z
  .object({
    content: eventContentSchema.optional(),
    description: descriptionSchema,
    date: optionalDateSchema,
    eventType: eventTypeSchema,
    tags: tagsSchema.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'ideas.validation.nothingToUpdate');
export type UpdateEvent = z.input<typeof updateEventSchema>;

/** Any id string; one that names no idea of the caller (malformed ones included) is a 404. */
export const eventIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Bulk status update for a list of ids; every id must be the caller's. */
export const bulkEventStatusSchema = z
  .object({
    ids: z
      .array(z.uuid('ideas.errors.notFound'))
      .min(1, 'ideas.validation.noIdsSelected')
      .max(500, 'validation.tooLong'),
    status: eventStatusSchema,
  })
  .strict();
export type BulkEventStatus = z.infer<typeof bulkEventStatusSchema>;

export const eventSchema = z.object({
  id: z.string(),
  content: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string().nullable(),
  eventType: z.string().nullable(),
  tags: z.array(z.string()),
  isAudioRecording: z.boolean(),
  sharedWith: z.array(z.string()),
  status: eventStatusSchema,
  /** Null until preferences are stored; otherwise always whole (see resolvePreferences). */
  preferences: eventPreferencesSchema.nullable(),
  /** The LinkedIn post the idea was published as; null until LinkedIn confirmed one. */
  linkedinPostUrl: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

/** GET /api/events: newest first, plus the open-ideas limit so the form can say it before saving. */
export const eventListSchema = z.object({
  events: z.array(eventSchema),
  maxEvents: z.number().int(),
});
export type EventList = z.infer<typeof eventListSchema>;

export const bulkEventStatusResultSchema = z.object({ events: z.array(eventSchema) });

export const approveEventResultSchema = z.object({
  event: eventSchema,
  /** How many of the user's pending shares containing this idea were set to approved. */
  approvedShares: z.number().int(),
});

// ── Usage meter ──

export const usageSchema = z.object({
  /** Shares sent in the current calendar month (UTC). */
  used: z.number().int().nonnegative(),
  /** The user's monthly share limit. */
  total: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof usageSchema>;

// ── Transcription ──

export const transcriptionStatusSchema = z.object({ available: z.boolean() });
export type TranscriptionStatus = z.infer<typeof transcriptionStatusSchema>;
export const transcriptionResultSchema = z.object({ text: z.string() });
export type TranscriptionResult = z.infer<typeof transcriptionResultSchema>;
