import {
  aiConfigSchema,
  defaultAiSettings,
  offlineModelId,
  type AiConfig,
  type AiSettings,
  type GenerationContact,
  type RawIdea,
} from '@life-updates/contract/generation';
import { pickLocale } from '@life-updates/contract/i18n';
import { resolvePreferences } from '@life-updates/contract/preferences';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users, userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { defaultModelOf, isProviderModelId } from '../../providers/ai/create-text-generators.ts';
import {
  TextGenerationAbortedError,
  type TextGenerationRequest,
  type TextGenerator,
} from '../../providers/ai/text-generator.ts';
import { maxPromptPhotos } from '../../providers/ai/image-input.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import type { IdeaRow } from '../ideas/ideas-service.ts';
import { findOutgoingPhotos } from '../photos/photos-service.ts';
import { findVoiceExamples } from '../sent-texts/sent-texts-service.ts';
import { updateSettings, upsertSettings } from '../settings/settings-service.ts';
import {
  buildPhotoParts,
  buildSystemPrompt,
  buildUserMessage,
  choosePromptPhotos,
  type PromptPhoto,
} from './prompt-builder.ts';

/**
 * Where provider failures are logged with their cause (the user sees only the spec's message), and
 * a model's refusal of the photos (warn).
 */
export type GenerationLog = {
  error: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

/** A provider failure. */
const generationFailed = () =>
  new AppError({ status: 502, code: 'GENERATION_FAILED', message: 'generation.toasts.generateFailedRetry' });
/** The provider answered with no text. */
export const generationEmpty = () =>
  new AppError({ status: 502, code: 'GENERATION_EMPTY', message: 'generation.toasts.generateFailed' });
/** The client went away; nothing to report to anyone. */
const generationAborted = () =>
  new AppError({ status: 499, code: 'GENERATION_ABORTED', message: 'generation.cancelled' });

// ── AI settings (per user) ──

const storedConfigSchema = aiConfigSchema.omit({ voiceSample: true }).partial();

/** Stored settings read leniently: a value that no longer validates falls back to its default. */
function readStoredConfig(value: unknown): Partial<Omit<AiConfig, 'voiceSample'>> {
  if (typeof value !== 'object' || value === null) return {};
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(storedConfigSchema.shape)) {
    const parsed = field.safeParse((value as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) result[key] = parsed.data;
  }
  return result as Partial<Omit<AiConfig, 'voiceSample'>>;
}

/**
 * The model a user writes with: their choice while it is offered. A model of a provider an admin
 * removed (or no longer offers) falls back to the offline composer, which needs nothing; a model of
 * the environment whose key was removed reads as the default.
 */
function modelOf(stored: string | undefined, generators: readonly TextGenerator[]): string {
  if (stored && generators.some((generator) => generator.id === stored)) return stored;
  if (stored && isProviderModelId(stored)) return offlineModelId;
  return defaultModelOf(generators);
}

export async function getAiSettings({
  db,
  generators,
  userId,
}: UserScope<Database> & { generators: readonly TextGenerator[] }): Promise<AiSettings> {
  const [row] = await db
    .select({
      aiConfig: userSettings.aiConfig,
      voiceSample: userSettings.voiceSample,
      removedModelNotice: userSettings.removedModelNotice,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  const stored = readStoredConfig(row?.aiConfig);
  return {
    ...defaultAiSettings,
    ...stored,
    model: modelOf(stored.model, generators),
    toneOfVoice: stored.toneOfVoice || defaultAiSettings.toneOfVoice,
    voiceSample: row?.voiceSample ?? '',
    removedModel: row?.removedModelNotice ?? null,
  };
}

/** The user has been told their model was removed: the notice is not shown again. */
export async function dismissRemovedModelNotice({ db, userId }: UserScope<Database>) {
  await updateSettings({ db, userId, values: { removedModelNotice: null } });
}

export async function updateAiSettings({
  db,
  generators,
  userId,
  settings,
}: UserScope<Database> & { generators: readonly TextGenerator[]; settings: AiConfig }): Promise<AiSettings> {
  if (!generators.some((generator) => generator.id === settings.model)) {
    throw badRequest('generation.validation.modelUnavailable', { model: 'generation.validation.modelUnavailable' });
  }
  const { voiceSample, ...aiConfig } = settings;
  await upsertSettings({
    db,
    userId,
    values: {
      aiConfig: { ...aiConfig, toneOfVoice: aiConfig.toneOfVoice ?? '' },
      ...(voiceSample === undefined ? {} : { voiceSample }),
    },
  });
  return getAiSettings({ db, generators, userId });
}

// ── Generation ──

/** What the writers see of a stored idea: an idea without its own date is dated when it was written down. */
export const toRawIdea = (idea: IdeaRow): RawIdea => ({
  title: idea.title,
  content: idea.content,
  date: idea.date ?? idea.createdAt,
});

export type GenerateTextArguments = {
  db: Database;
  config: Config;
  userId: string;
  /** The ideas to write about, in order (the user's own: findOwnIdeas, then toRawIdea). */
  ideas: readonly RawIdea[];
  /** Unknown values fall back. */
  preferences: unknown;
  contact?: GenerationContact | undefined;
  template?: string | undefined;
  abortSignal?: AbortSignal | undefined;
  log: GenerationLog;
  /** The server's generators (`app.deps.generators`), or fakes in tests. */
  generators: readonly TextGenerator[];
  /**
   * The ideas' photos: the ids of `ideas` (same order) and where their files are kept
   * (`app.deps.media`). A model that accepts images is shown them; the others never read them.
   */
  photos?: { ideaIds: readonly string[]; media: MediaStorage } | undefined;
};

/**
 * The photos a model is shown: at most maxPromptPhotos thumbnails (choosePromptPhotos), each idea's
 * in its order. A photo whose file cannot be read is left out rather than failing the text.
 */
async function loadPromptPhotos(
  args: GenerateTextArguments & { photos: NonNullable<GenerateTextArguments['photos']> },
): Promise<PromptPhoto[]> {
  const { ideaIds, media } = args.photos;
  const found = await findOutgoingPhotos({ db: args.db, storage: media, userId: args.userId, ideaIds });
  const indexOf = new Map(ideaIds.map((id, index) => [id, index]));
  const chosen = choosePromptPhotos(
    found.map((photo) => ({ ...photo, ideaIndex: indexOf.get(photo.ideaId) ?? 0 })),
    maxPromptPhotos,
  );
  const read = await Promise.allSettled(chosen.map((photo) => photo.readThumbnail()));
  return chosen.flatMap((photo, index) => {
    const result = read[index]!;
    if (result.status === 'rejected') {
      args.log.error({ photoId: photo.id, cause: String(result.reason) }, 'photo left out of the prompt');
      return [];
    }
    return [{ ideaIndex: photo.ideaIndex, alt: photo.alt, data: result.value, mediaType: photo.contentType }];
  });
}

/** What the model was given beside the ideas: how many of the user's sent texts, and how many photos. */
export type GenerationInputs = { voiceExamples: number; photos: number };

async function prepareGeneration(
  args: GenerateTextArguments,
): Promise<{ generator: TextGenerator; given: GenerationInputs; request: TextGenerationRequest }> {
  const { generators } = args;
  const settings = await getAiSettings({ db: args.db, generators, userId: args.userId });
  const generator = generators.find((candidate) => candidate.id === settings.model) ?? generators[0]!;
  const [author] = await args.db
    .select({ name: users.name, locale: userSettings.locale })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, args.userId));
  const promptInput = {
    ideas: args.ideas,
    preferences: args.preferences,
    toneOfVoice: settings.toneOfVoice,
    personalizationStrength: settings.personalizationStrength,
    voiceSample: settings.voiceSample,
    contact: args.contact,
    template: args.template,
  };
  const photos = generator.acceptsImages && args.photos ? await loadPromptPhotos({ ...args, photos: args.photos }) : [];
  // Writing like the user: only AI models are given the user's sent texts; the offline composer writes no style.
  const voiceExamples = generator.isAiModel
    ? await findVoiceExamples({
        db: args.db,
        userId: args.userId,
        platform: resolvePreferences(args.preferences).platform,
        tokenBudget: args.config.VOICE_EXAMPLES_TOKEN_BUDGET,
      })
    : [];
  return {
    generator,
    given: { voiceExamples: voiceExamples.length, photos: photos.length },
    request: {
      system: buildSystemPrompt({ ...promptInput, voiceExamples }),
      prompt: buildUserMessage(promptInput),
      compose: { ...promptInput, authorName: author?.name, locale: pickLocale(author?.locale) },
      temperature: settings.temperature,
      maxOutputTokens: settings.maxTokens,
      abortSignal: args.abortSignal,
      photoParts: buildPhotoParts(args.ideas, photos),
      onPhotosRefused: (cause) =>
        args.log.warn(
          {
            model: generator.id,
            providerModel: generator.providerModel,
            photos: photos.length,
            ...describeCause(cause),
          },
          'the model refused the photos: this text and the later ones (until the server restarts) are written without them',
        ),
    },
  };
}

function describeCause(error: unknown): object {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (!(cause instanceof Error)) return { cause: String(cause) };
  // The provider's error carries the prompt (the user's ideas): log what explains the failure, not the content.
  const details = cause as Error & {
    statusCode?: number;
    url?: string;
    responseBody?: string;
    lastError?: unknown;
    reason?: string;
  };
  const last = details.lastError instanceof Error ? (details.lastError as typeof details) : undefined;
  return {
    cause: { name: cause.name, message: cause.message },
    reason: details.reason,
    statusCode: details.statusCode ?? last?.statusCode,
    url: details.url ?? last?.url,
    responseBody: (details.responseBody ?? last?.responseBody)?.slice(0, 500),
  };
}

function toAppError(error: unknown, generator: TextGenerator, log: GenerationLog): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TextGenerationAbortedError) return generationAborted();
  log.error(
    { model: generator.id, providerModel: generator.providerModel, ...describeCause(error) },
    'text generation failed',
  );
  return generationFailed();
}

/**
 * Starts a generation and returns its text as it is written. The pieces throw an AppError
 * (502 with the spec's message) when the provider fails, after logging the cause.
 */
export async function streamGeneratedText(
  args: GenerateTextArguments,
): Promise<{ model: string; given: GenerationInputs; chunks: AsyncGenerator<string> }> {
  const { generator, given, request } = await prepareGeneration(args);
  async function* chunks() {
    try {
      yield* generator.streamText(request);
    } catch (error) {
      throw toAppError(error, generator, args.log);
    }
  }
  return { model: generator.id, given, chunks: chunks() };
}

/**
 * The whole text at once, for other features too (Summeris per-contact summaries, the scheduler).
 * An empty answer is an error ("Failed to generate summary").
 */
export async function generateText(args: GenerateTextArguments): Promise<{ text: string; model: string }> {
  const { generator, request } = await prepareGeneration(args);
  let text: string;
  try {
    text = await generator.generateText(request);
  } catch (error) {
    throw toAppError(error, generator, args.log);
  }
  if (text.trim() === '') throw generationEmpty();
  return { text: text.trim(), model: generator.id };
}
