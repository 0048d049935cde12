import { z } from 'zod';

/**
 * Settings → Admin → AI providers: the model providers an admin sets up in the app, beside the
 * ones set in the server's environment (read-only here). Keys go in, never come back: a provider
 * says only whether it has one.
 */

export const aiProviderKinds = ['openai', 'openai-compatible', 'anthropic'] as const;
export type AiProviderKind = (typeof aiProviderKinds)[number];

/** A provider's model names are shown in ids of at most 200 characters (`provider:<uuid>:<model>`). */
export const providerModelNameMaxLength = 150;

const baseUrlSchema = z
  .url({ protocol: /^https?$/, message: 'aiProviders.validation.baseUrl' })
  .max(500, 'aiProviders.validation.baseUrl');
const apiKeySchema = z
  .string()
  .trim()
  .min(1, 'aiProviders.validation.apiKey')
  .max(500, 'aiProviders.validation.apiKey');
const modelNameSchema = z.string().trim().min(1).max(providerModelNameMaxLength, 'aiProviders.validation.model');

/** POST /api/admin/ai-providers. An OpenAI-compatible server needs its base URL; a key is optional for it. */
export const aiProviderCreateSchema = z
  .object({
    kind: z.enum(aiProviderKinds, { message: 'aiProviders.validation.kind' }),
    name: z.string().trim().min(1, 'aiProviders.validation.name').max(80, 'aiProviders.validation.name'),
    baseUrl: baseUrlSchema.optional(),
    apiKey: apiKeySchema.optional(),
  })
  .refine((value) => value.kind !== 'openai-compatible' || value.baseUrl !== undefined, {
    message: 'aiProviders.validation.baseUrlRequired',
    path: ['baseUrl'],
  })
  .refine((value) => value.kind === 'openai-compatible' || value.apiKey !== undefined, {
    message: 'aiProviders.validation.apiKeyRequired',
    path: ['apiKey'],
  });
export type AiProviderCreate = z.infer<typeof aiProviderCreateSchema>;

/**
 * PATCH /api/admin/ai-providers/:id. Absent fields are kept; `apiKey: null` forgets the key;
 * `baseUrl: null` goes back to the provider's own address.
 */
export const aiProviderUpdateSchema = z.object({
  name: z.string().trim().min(1, 'aiProviders.validation.name').max(80, 'aiProviders.validation.name').optional(),
  baseUrl: baseUrlSchema.nullable().optional(),
  apiKey: apiKeySchema.nullable().optional(),
  enabledModels: z.array(modelNameSchema).max(50).optional(),
});
export type AiProviderUpdate = z.infer<typeof aiProviderUpdateSchema>;

export const aiProviderSchema = z.object({
  id: z.string(),
  kind: z.enum(aiProviderKinds),
  name: z.string(),
  baseUrl: z.string().nullable(),
  /** Only whether a key is kept: the key itself never leaves the server. */
  hasApiKey: z.boolean(),
  enabledModels: z.array(z.string()),
});
export type AiProvider = z.infer<typeof aiProviderSchema>;

/** A provider set in the server's environment (OPENAI_*, ANTHROPIC_*): shown, not editable. */
export const environmentAiProviderSchema = z.object({
  kind: z.enum(aiProviderKinds),
  model: z.string(),
  baseUrl: z.string().nullable(),
});

export const aiProvidersResponseSchema = z.object({
  providers: z.array(aiProviderSchema),
  environment: z.array(environmentAiProviderSchema),
});
export type AiProvidersResponse = z.infer<typeof aiProvidersResponseSchema>;

export const aiProviderResponseSchema = z.object({ provider: aiProviderSchema });

/** POST /api/admin/ai-providers/:id/models: the names the provider lists. */
export const aiProviderModelsResponseSchema = z.object({ models: z.array(z.string()) });

/** POST /api/admin/ai-providers/:id/test: one short generation with this model. */
export const aiProviderTestRequestSchema = z.object({ model: modelNameSchema });

/**
 * The test's outcome: the answer and how long it took, or what went wrong in our words (a catalogue
 * key under aiProviders.errors) and the provider's own message when it sent one.
 */
const providerProblemSchema = z.enum(['wrongKey', 'unreachable', 'modelNotFound', 'timeout', 'other']);
export const aiProviderTestResponseSchema = z.discriminatedUnion('isOk', [
  z.object({ isOk: z.literal(true), answer: z.string(), milliseconds: z.number() }),
  z.object({
    isOk: z.literal(false),
    problem: providerProblemSchema,
    message: z.string(),
    providerMessage: z.string().optional(),
  }),
]);
export type AiProviderTestResponse = z.infer<typeof aiProviderTestResponseSchema>;
export type AiProviderProblem = Extract<AiProviderTestResponse, { isOk: false }>['problem'];

// ── Speech to text (one, for the whole server) ──

/** PUT /api/admin/transcription. `apiKey` absent keeps the stored one, null forgets it. */
export const transcriptionSettingsUpdateSchema = z.object({
  baseUrl: baseUrlSchema,
  apiKey: apiKeySchema.nullable().optional(),
  model: modelNameSchema,
});
export type TranscriptionSettingsUpdate = z.infer<typeof transcriptionSettingsUpdateSchema>;

export const transcriptionSettingsResponseSchema = z.object({
  /** Set in the server's environment: it wins, and the form is read-only. */
  isFromEnvironment: z.boolean(),
  settings: z.object({ baseUrl: z.string(), model: z.string(), hasApiKey: z.boolean() }).nullable(),
});
export type TranscriptionSettingsResponse = z.infer<typeof transcriptionSettingsResponseSchema>;

/**
 * POST /api/admin/transcription/test, told as the AI provider test tells it: our words (`message`,
 * for `problem`; no problem when nothing is set up), the provider's own message beside them.
 */
export const transcriptionTestResponseSchema = z.discriminatedUnion('isOk', [
  z.object({ isOk: z.literal(true), text: z.string(), milliseconds: z.number() }),
  z.object({
    isOk: z.literal(false),
    problem: providerProblemSchema.optional(),
    message: z.string(),
    providerMessage: z.string().optional(),
  }),
]);
export type TranscriptionTestResponse = z.infer<typeof transcriptionTestResponseSchema>;
