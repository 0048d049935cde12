import { z } from 'zod';
import {
  type IdeaPreferences,
  ideaStatuses,
  idempotencyKeyHeader,
  maxIdeaContentLength,
  preferenceOptions,
} from './idea-options.ts';
import { photoSchema } from './photos.ts';

export * from './idea-options.ts';

// ── Idea status ──

export const ideaStatusSchema = z.enum(ideaStatuses);

// ── Idea preferences (default first) ──

export const ideaPreferencesSchema = z
  .object({
    platform: z.enum(preferenceOptions.platform),
    length: z.enum(preferenceOptions.length),
    tone: z.enum(preferenceOptions.tone),
    intent: z.enum(preferenceOptions.intent),
    sentiment: z.enum(preferenceOptions.sentiment),
    structure: z.enum(preferenceOptions.structure),
  })
  .strict() satisfies z.ZodType<IdeaPreferences>;

// ── Idea requests and responses ──

export const ideaContentSchema = z
  .string('ideas.validation.contentRequired')
  .trim()
  .min(1, 'ideas.validation.contentRequired')
  .max(maxIdeaContentLength, 'ideas.validation.contentTooLong');

const optionalDateSchema = z.iso
  .datetime({ offset: true, error: 'ideas.validation.invalidDate' })
  .nullable()
  .optional();
const tagsSchema = z.array(z.string().trim().min(1).max(50, 'validation.tooLong')).max(20, 'validation.tooLong');
const descriptionSchema = z.string().trim().max(2000, 'validation.tooLong').nullable().optional();
/** The kind of life event the idea is (free text). */
const kindSchema = z.string().trim().max(100, 'validation.tooLong').nullable().optional();

/** Submitting an idea carries the text and whether it came from voice transcription. */
export const createIdeaSchema = z
  .object({
    content: ideaContentSchema,
    isAudioRecording: z.boolean().default(false),
    description: descriptionSchema,
    date: optionalDateSchema,
    kind: kindSchema,
    tags: tagsSchema.optional(),
  })
  .strict();
export type CreateIdea = z.input<typeof createIdeaSchema>;

/** The create's optional Idempotency-Key (`idempotencyKeyHeader`, idea-options.ts). */
export const createIdeaHeadersSchema = z.object({
  [idempotencyKeyHeader]: z.uuid('capture.validation.idempotencyKey').optional(),
});

/** The Edit dialog and other field edits. Status changes follow the idea's share (POST /api/shares/approve, …). */
export const updateIdeaSchema = z
  .object({
    content: ideaContentSchema.optional(),
    description: descriptionSchema,
    date: optionalDateSchema,
    kind: kindSchema,
    tags: tagsSchema.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'ideas.validation.nothingToUpdate');
export type UpdateIdea = z.input<typeof updateIdeaSchema>;

/** Any id string; one that names no idea of the caller (malformed ones included) is a 404. */
export const ideaIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const ideaSchema = z.object({
  id: z.string(),
  content: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string().nullable(),
  kind: z.string().nullable(),
  tags: z.array(z.string()),
  isAudioRecording: z.boolean(),
  sharedWith: z.array(z.string()),
  status: ideaStatusSchema,
  /** Null until preferences are stored; otherwise always whole (see resolvePreferences). */
  preferences: ideaPreferencesSchema.nullable(),
  /** The LinkedIn post the idea was published as; null until LinkedIn confirmed one. */
  linkedinPostUrl: z.string().nullable().default(null),
  /** The idea's photos in their order (features/photos). */
  photos: z.array(photoSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Idea = z.infer<typeof ideaSchema>;

/** GET /api/ideas: newest first, plus the open-ideas limit so the form can say it before saving. */
export const ideaListSchema = z.object({
  ideas: z.array(ideaSchema),
  maxIdeas: z.number().int(),
});
export type IdeaList = z.infer<typeof ideaListSchema>;

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
