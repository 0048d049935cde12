import { z } from 'zod';
import { preferencesSchema, type Length } from './preferences.ts';

export {
  defaultPreferences,
  intentOptions,
  lengthOptions,
  resolvePreferences,
  platformOptions,
  preferenceFallbacks,
  preferenceGroups,
  preferencesSchema,
  sentimentOptions,
  structureOptions,
  toneOptions,
  type Preferences,
} from './preferences.ts';

// ── Constants ──

/** The built-in offline composer: always offered, deterministic, not an AI model. */
export const offlineModelId = 'offline';

export const temperatureRange = { min: 0, max: 2, step: 0.1, default: 0.7 } as const;
export const maxTokensRange = { min: 100, max: 4000, step: 100, default: 1000 } as const;
export const personalizationStrengthOptions = ['low', 'medium', 'high'] as const;
export type PersonalizationStrength = (typeof personalizationStrengthOptions)[number];
export const defaultPersonalizationStrength: PersonalizationStrength = 'medium';
export const defaultToneOfVoice = 'friendly and warm';
export const toneOfVoiceMaxLength = 500;
export const voiceSampleMaxLength = 20_000;
/** Shown as a hint under the voice sample box. */
export const suggestedVoiceSampleWords = { min: 200, max: 500 } as const;

/** Word bands per length preference. */
export const lengthWordBands: Record<Length, { min: number; max: number }> = {
  short: { min: 100, max: 200 },
  medium: { min: 300, max: 500 },
  long: { min: 700, max: 1200 },
};
export const linkedInMaxHashtags = 2;
/** The bulleted structure has 3 to 5 sections. */
export const bulletinSectionRange = { min: 3, max: 5 } as const;

export const maxIdeasPerGeneration = 20;
export const templateMaxLength = 10_000;
export const generatedTextMaxLength = 50_000;

/** Catalogue keys of the four clickable example tone descriptions. */
export const toneOfVoiceExampleKeys = [
  'generation.aiSettings.toneExamples.friendly',
  'generation.aiSettings.toneExamples.professional',
  'generation.aiSettings.toneExamples.playful',
  'generation.aiSettings.toneExamples.reflective',
] as const;

// ── AI settings (stored per user) ──

const temperatureSchema = z
  .number({ message: 'generation.validation.temperatureRange' })
  .min(temperatureRange.min, 'generation.validation.temperatureRange')
  .max(temperatureRange.max, 'generation.validation.temperatureRange')
  .multipleOf(temperatureRange.step, 'generation.validation.temperatureStep');

const maxTokensSchema = z
  .number({ message: 'generation.validation.maxTokensRange' })
  .int('generation.validation.maxTokensStep')
  .min(maxTokensRange.min, 'generation.validation.maxTokensRange')
  .max(maxTokensRange.max, 'generation.validation.maxTokensRange')
  .multipleOf(maxTokensRange.step, 'generation.validation.maxTokensStep');

export const voiceSampleTextSchema = z.string().max(voiceSampleMaxLength, 'generation.validation.voiceSampleTooLong');

/**
 * The AI settings form. `model` is an id from GET /api/ai/models (the server refuses one it does
 * not offer). `voiceSample` is optional here: leaving it out keeps the stored sample.
 */
export const aiConfigSchema = z.object({
  model: z
    .string()
    .trim()
    .min(1, 'generation.validation.modelRequired')
    // `provider:<uuid>:<model name>` for the models of a provider set up in Settings → Admin.
    .max(200, 'generation.validation.modelUnavailable'),
  temperature: temperatureSchema,
  maxTokens: maxTokensSchema,
  personalizationStrength: z.enum(personalizationStrengthOptions, {
    message: 'generation.validation.personalizationStrength',
  }),
  toneOfVoice: z.string().trim().max(toneOfVoiceMaxLength, 'generation.validation.toneOfVoiceTooLong').optional(),
  voiceSample: voiceSampleTextSchema.optional(),
});
export type AiConfigInput = z.input<typeof aiConfigSchema>;
export type AiConfig = z.infer<typeof aiConfigSchema>;

/** What GET/PUT /api/ai-settings return: everything filled in. */
export const aiSettingsResponseSchema = z.object({
  model: z.string(),
  temperature: z.number(),
  maxTokens: z.number(),
  personalizationStrength: z.enum(personalizationStrengthOptions),
  toneOfVoice: z.string(),
  voiceSample: z.string(),
  /**
   * The name of the model the user had chosen when an admin removed it: they now write with the
   * offline composer. Tell them once, then POST /api/ai-settings/removed-model/dismiss.
   */
  removedModel: z.string().nullable().optional(),
});
export type AiSettings = z.infer<typeof aiSettingsResponseSchema>;

/** Defaults apart from the model, which depends on what the server offers (GET /api/ai/models → defaultModel). */
export const defaultAiSettings: Omit<AiSettings, 'model'> = {
  temperature: temperatureRange.default,
  maxTokens: maxTokensRange.default,
  personalizationStrength: defaultPersonalizationStrength,
  toneOfVoice: defaultToneOfVoice,
  voiceSample: '',
};

/** PUT /api/voice-sample. An empty text clears the sample. */
export const voiceSampleRequestSchema = z.object({ voiceSample: voiceSampleTextSchema });
export const voiceSampleResponseSchema = z.object({ voiceSample: z.string() });

// ── Models (GET /api/ai/models) ──

export const aiModelSchema = z.object({
  id: z.string(),
  /** Already in the request's language. */
  label: z.string(),
  /** false for the offline composer: the UI says it is not an AI model. */
  isAiModel: z.boolean(),
  /** e.g. "gpt-4o-mini"; absent for the offline composer. */
  providerModel: z.string().optional(),
  description: z.string().optional(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiModelsResponseSchema = z.object({
  models: z.array(aiModelSchema),
  defaultModel: z.string(),
});
export type AiModelsResponse = z.infer<typeof aiModelsResponseSchema>;

// ── Generation requests ──

export const generationContactSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  relationship: z.string().trim().max(50, 'validation.tooLong').optional(),
});
export type GenerationContact = z.infer<typeof generationContactSchema>;

export const ideaIdListSchema = z
  .array(z.uuid('validation.invalidInput'), { message: 'generation.toasts.selectIdeaFirst' })
  .min(1, 'generation.toasts.selectIdeaFirst')
  .max(maxIdeasPerGeneration, 'generation.validation.tooManyIdeas')
  .refine((ids) => new Set(ids).size === ids.length, 'generation.validation.duplicateIdeas');

/**
 * POST /api/generate/stream. The ideas are the user's own, in the
 * order given; `contact` personalises the text for one person; `template` is an email
 * structure with {{events}}, {{relationship}} and {{name}}.
 */
export const generateRequestSchema = z.object({
  ideaIds: ideaIdListSchema,
  preferences: preferencesSchema,
  contact: generationContactSchema.optional(),
  template: z.string().max(templateMaxLength, 'generation.validation.templateTooLong').optional(),
});
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/**
 * POST /api/generate/stream answers `text/plain; charset=utf-8`, chunked: append the pieces in
 * order. A failure before the first piece is an ordinary JSON error (`{ code, message }`, 404 for
 * an idea that is not the user's, 502 "Failed to generate summary. Please try again." for a
 * provider failure); a failure after it ends the response early, so the reader rejects: show the
 * same toast. Aborting the fetch (the Stop button) stops the provider call on the server.
 * This response header names the model id that writes the text.
 */
export const generationModelHeader = 'x-generation-model';
/**
 * This one says what the model was given beside the ideas, as JSON: `{ voiceExamples, photos }`,
 * the number of the user's sent texts given as examples of their voice, and of photos.
 */
export const generationInputsHeader = 'x-generation-inputs';
export const generationInputsSchema = z.object({ voiceExamples: z.number().int(), photos: z.number().int() });
export type GenerationInputs = z.infer<typeof generationInputsSchema>;

/** A raw idea as the generator sees it. */
export type RawIdea = { content: string; title?: string | undefined; date?: Date | string | null | undefined };

/** Counts words as runs of characters that contain a letter or digit; "- " bullets and emoji don't count. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** The variables an email structure may use. */
export const templateVariables = ['{{events}}', '{{relationship}}', '{{name}}'] as const;

/** Each variable's forms in a template; `{{events}}` is where the ideas go (the spec's name for it). */
const templateVariablePatterns = {
  ideas: /\{\{\s*events\s*\}\}|\{events\}/g,
  name: /\{\{\s*name\s*\}\}|\{name\}/g,
  relationship: /\{\{\s*relationship\s*\}\}|\{relationship\}/g,
} as const;

/**
 * Fills an email structure's variables; a value left undefined keeps its variable in place.
 * The single-brace forms ({events}) of older templates are accepted too.
 */
export function fillTemplateVariables(
  template: string,
  values: { ideas?: string | undefined; name?: string | undefined; relationship?: string | undefined },
): string {
  let result = template;
  for (const variable of ['name', 'relationship', 'ideas'] as const) {
    const value = values[variable];
    if (value !== undefined) result = result.replace(templateVariablePatterns[variable], () => value);
  }
  return result;
}

/** Whether a template has a place for the ideas ({{events}}). */
export function hasIdeasVariable(template: string): boolean {
  return new RegExp(templateVariablePatterns.ideas.source).test(template);
}
