import { z } from 'zod';

// ── Event status ──

export const ideaStatuses = ['raw_ideas', 'saved_for_later', 'approved', 'sent'] as const;
export type IdeaStatus = (typeof ideaStatuses)[number];

/** Ideas not yet sent; `max_events` limits how many of these a user may have. */
export const isOpenIdeaStatus = (status: IdeaStatus): boolean => status !== 'sent';

/** The Idea Organizer's tabs in order, with their catalogue keys. */
export const organizerTabs = [
  { status: 'raw_ideas', labelKey: 'ideas.organizer.tabs.raw', emptyKey: 'ideas.organizer.empty.raw' },
  { status: 'saved_for_later', labelKey: 'ideas.organizer.tabs.later', emptyKey: 'ideas.organizer.empty.later' },
  { status: 'approved', labelKey: 'ideas.organizer.tabs.ready', emptyKey: 'ideas.organizer.empty.ready' },
  { status: 'sent', labelKey: 'ideas.organizer.tabs.sent', emptyKey: 'ideas.organizer.empty.sent' },
] as const satisfies readonly { status: IdeaStatus; labelKey: string; emptyKey: string }[];

/** Default `max_events` when the settings row is missing. */
export const defaultMaxIdeas = 10;

// ── Event preferences (default first) ──

export const preferenceOptions = {
  platform: ['linkedin', 'telegram', 'newsletter'],
  length: ['short', 'medium', 'long'],
  tone: ['casual', 'professional', 'storyteller', 'personalized'],
  intent: ['educate', 'inspire', 'entertain', 'provoke', 'promote', 'reflect'],
  sentiment: ['awe', 'joy', 'curiosity', 'urgency', 'calm'],
  structure: ['storytelling', 'technical', 'letter', 'bulletins', 'short_with_links'],
} as const;

export type PreferenceGroup = keyof typeof preferenceOptions;
export const preferenceGroups = Object.keys(preferenceOptions) as PreferenceGroup[];

export type IdeaPreferences = { [G in PreferenceGroup]: (typeof preferenceOptions)[G][number] };

/**
 * The first option of each group, which is the default and also what generation falls back to.
 * One area of the original app defaulted length to Medium; we use the first option, Short,
 * everywhere.
 */
export const defaultIdeaPreferences: IdeaPreferences = {
  platform: 'linkedin',
  length: 'short',
  tone: 'casual',
  intent: 'educate',
  sentiment: 'awe',
  structure: 'storytelling',
};

/**
 * Preferences read from anywhere (a stored jsonb column, an old client), made whole: a value is
 * taken when it names an option (any case, spaces for underscores), and every unknown or missing
 * one falls back to `fallbacks`, the first option of each group unless given.
 */
export function resolvePreferences(
  stored: unknown,
  fallbacks: IdeaPreferences = defaultIdeaPreferences,
): IdeaPreferences {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const resolved = { ...fallbacks } as Record<PreferenceGroup, string>;
  for (const group of preferenceGroups) {
    const value = source[group];
    if (typeof value !== 'string') continue;
    const normalised = value.trim().toLowerCase().replaceAll(' ', '_');
    if ((preferenceOptions[group] as readonly string[]).includes(normalised)) resolved[group] = normalised;
  }
  return resolved as IdeaPreferences;
}

// ── Event text ──

export const maxIdeaContentLength = 10_000;

export const countOpenIdeas = (events: readonly { status: IdeaStatus }[]) =>
  events.filter((event) => isOpenIdeaStatus(event.status)).length;

/** Title preview: the first three words, with "..." when there are more. */
export const titlePreviewWords = 3;

export function deriveTitle(content: string): string {
  const words = content.trim().split(/\s+/).filter(Boolean);
  const title = words.slice(0, titlePreviewWords).join(' ');
  return words.length > titlePreviewWords ? `${title}...` : title;
}

/** Event preview on cards and the Generate screen: 100 characters, with an ellipsis if longer. */
export const ideaPreviewLength = 100;
export function previewContent(content: string, length = ideaPreviewLength): string {
  return content.length > length ? `${content.slice(0, length)}...` : content;
}

// ── Usage meter ──

export const defaultMonthlyShareLimit = 10;
export const usageWarningPercent = 80;

export type UsageLevel = 'normal' | 'warning' | 'limit';

/**
 * Percent is used ÷ total, rounded and capped at 100; warning from 80 %, limit at 100 %.
 * One deviation from plain rounding: while shares remain (used < total) the percent stays
 * below 100, so 199 of 200 never reads as "Limit reached". A zero limit is reached at once.
 */
export function usageState({ used, total }: { used: number; total: number }): { percent: number; level: UsageLevel } {
  const safeUsed = Math.max(0, used);
  if (total <= 0) return { percent: 100, level: 'limit' };
  if (safeUsed >= total) return { percent: 100, level: 'limit' };
  const percent = Math.min(99, Math.round((safeUsed / total) * 100));
  return { percent, level: percent >= usageWarningPercent ? 'warning' : 'normal' };
}

// ── Recording and transcription ──

export const recording = {
  /** Recording stops by itself after this long. */
  maxSeconds: 120,
  /** MediaRecorder timeslice: data is collected every second. */
  timesliceMs: 1000,
  /** The simulated transcription progress stops here until the answer arrives, then jumps to 100. */
  progressCap: 95,
  /** The panel closes this long after reaching 100 %. */
  closeDelayMs: 500,
} as const;

/** Seconds as mm:ss. */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** Audio types POST /api/transcription accepts (the MIME type without parameters such as codecs). */
export const acceptedAudioTypes = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/wav', 'audio/mpeg'] as const;
export type AcceptedAudioType = (typeof acceptedAudioTypes)[number];
/** The upload limit; also the OpenAI transcription API's own limit. */
export const maxAudioBytes = 25 * 1024 * 1024;
/** The multipart field carrying the recording. */
export const audioFieldName = 'file';

/** `audio/webm;codecs=opus` → `audio/webm`; null when the type is not one we accept. */
export function normaliseAudioType(mimeType: string | undefined | null): AcceptedAudioType | null {
  const base = (mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const aliases: Record<string, AcceptedAudioType> = {
    'audio/x-wav': 'audio/wav',
    'audio/wave': 'audio/wav',
    'audio/mp3': 'audio/mpeg',
  };
  const type = aliases[base] ?? base;
  return (acceptedAudioTypes as readonly string[]).includes(type) ? (type as AcceptedAudioType) : null;
}

/**
 * The header a create of an idea may carry so that sending it again never makes a second idea: a
 * UUID the app makes once per idea (an idea written offline keeps it until the server has it). A
 * create with a key the user has used before answers with that idea. Also for the web app's offline
 * queue.
 */
export const idempotencyKeyHeader = 'idempotency-key';

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
const eventTypeSchema = z.string().trim().max(100, 'validation.tooLong').nullable().optional();

/** Submitting an event carries the text and whether it came from voice transcription. */
export const createIdeaSchema = z
  .object({
    content: ideaContentSchema,
    isAudioRecording: z.boolean().default(false),
    description: descriptionSchema,
    date: optionalDateSchema,
    eventType: eventTypeSchema,
    tags: tagsSchema.optional(),
  })
  .strict();
export type CreateIdea = z.input<typeof createIdeaSchema>;

/** The create's optional Idempotency-Key (`idempotencyKeyHeader`, above). */
export const createIdeaHeadersSchema = z.object({
  [idempotencyKeyHeader]: z.uuid('capture.validation.idempotencyKey').optional(),
});

/** Edit Event dialog and other field edits. Status changes follow the idea's share (POST /api/shares/approve, …). */
export const updateIdeaSchema = z
  .object({
    content: ideaContentSchema.optional(),
    description: descriptionSchema,
    date: optionalDateSchema,
    eventType: eventTypeSchema,
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
  eventType: z.string().nullable(),
  tags: z.array(z.string()),
  isAudioRecording: z.boolean(),
  sharedWith: z.array(z.string()),
  status: ideaStatusSchema,
  /** Null until preferences are stored; otherwise always whole (see resolvePreferences). */
  preferences: ideaPreferencesSchema.nullable(),
  /** The LinkedIn post the idea was published as; null until LinkedIn confirmed one. */
  linkedinPostUrl: z.string().nullable().default(null),
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
