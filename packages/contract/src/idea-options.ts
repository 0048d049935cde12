/*
 * The idea options, limits and helpers without zod: My Stories (organizer tabs, usage meter,
 * recorder) needs these but not the schemas (zod is large: docs/benchmarks.md). `ideas.ts` re-exports
 * everything here.
 */

// ── Event status ──

export const ideaStatuses = ['raw', 'saved_for_later', 'approved', 'sent'] as const;
export type IdeaStatus = (typeof ideaStatuses)[number];

/** Ideas not yet sent; `max_ideas` limits how many of these a user may have. */
export const isOpenIdeaStatus = (status: IdeaStatus): boolean => status !== 'sent';

/** The Idea Organizer's tabs in order, with their catalogue keys. */
export const organizerTabs = [
  { status: 'raw', labelKey: 'ideas.organizer.tabs.raw', emptyKey: 'ideas.organizer.empty.raw' },
  { status: 'saved_for_later', labelKey: 'ideas.organizer.tabs.later', emptyKey: 'ideas.organizer.empty.later' },
  { status: 'approved', labelKey: 'ideas.organizer.tabs.ready', emptyKey: 'ideas.organizer.empty.ready' },
  { status: 'sent', labelKey: 'ideas.organizer.tabs.sent', emptyKey: 'ideas.organizer.empty.sent' },
] as const satisfies readonly { status: IdeaStatus; labelKey: string; emptyKey: string }[];

/** Default `max_ideas` when the settings row is missing. */
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
 * create with a key the user has used before answers with that idea. Here, without zod, for the
 * web app's offline queue.
 */
export const idempotencyKeyHeader = 'idempotency-key';
