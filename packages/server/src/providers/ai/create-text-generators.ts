import type { AiProviderKind } from '@life-updates/contract/ai-providers';
import { offlineModelId } from '@life-updates/contract/generation';
import type { Config } from '../../config.ts';
import { createAiSdkGenerator } from './ai-sdk-generator.ts';
import {
  acceptsImagesBy,
  claudeModelAcceptsImages,
  openAiImageDetail,
  openAiModelAcceptsImages,
} from './image-input.ts';
import { createOfflineGenerator } from './offline-generator.ts';
import type { TextGenerator } from './text-generator.ts';

const openAiModelId = 'openai';
const claudeModelId = 'claude';

/** OpenAI, or any OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio) at OPENAI_BASE_URL. */
function isOpenAiConfigured(config: Config): boolean {
  return Boolean(config.OPENAI_API_KEY || config.OPENAI_BASE_URL);
}

function isClaudeConfigured(config: Config): boolean {
  return Boolean(config.ANTHROPIC_API_KEY || config.ANTHROPIC_BASE_URL);
}

/** ANTHROPIC_BASE_URL follows Anthropic's own SDKs (no /v1); the AI SDK wants the versioned URL. */
function anthropicBaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

/**
 * The generators this server offers, in the order the model choice lists them: the offline
 * composer always, OpenAI and Claude when configured. Keys never leave the server.
 */
export function createTextGenerators(config: Config, options: { timeoutMs?: number } = {}): TextGenerator[] {
  const generators: TextGenerator[] = [createOfflineGenerator()];
  if (isOpenAiConfigured(config)) {
    // The provider SDK is loaded at the first generation (createAiSdkGenerator).
    const model = async () => {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const openai = createOpenAI({
        // A local OpenAI-compatible server usually needs no key; the header is then harmless.
        apiKey: config.OPENAI_API_KEY ?? 'not-needed',
        ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
      });
      return openai.chat(config.OPENAI_MODEL);
    };
    generators.push(
      createAiSdkGenerator({
        id: openAiModelId,
        providerModel: config.OPENAI_MODEL,
        model,
        acceptsImages: acceptsImagesBy(config.OPENAI_IMAGE_INPUT, openAiModelAcceptsImages(config.OPENAI_MODEL)),
        imageProviderOptions: { openai: { imageDetail: openAiImageDetail } },
        ...options,
      }),
    );
  }
  if (isClaudeConfigured(config)) {
    const baseURL = anthropicBaseUrl(config.ANTHROPIC_BASE_URL);
    const model = async () => {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      const anthropic = createAnthropic({
        apiKey: config.ANTHROPIC_API_KEY ?? 'not-needed',
        ...(baseURL ? { baseURL } : {}),
      });
      return anthropic(config.ANTHROPIC_MODEL);
    };
    generators.push(
      createAiSdkGenerator({
        id: claudeModelId,
        providerModel: config.ANTHROPIC_MODEL,
        model,
        shouldStripMarkdown: true,
        acceptsImages: acceptsImagesBy(config.ANTHROPIC_IMAGE_INPUT, claudeModelAcceptsImages(config.ANTHROPIC_MODEL)),
        maxTemperature: 1,
        ...options,
      }),
    );
  }
  return generators;
}

/** A provider set up in Settings → Admin, with its key decrypted (features/ai-providers). */
export type ProviderSettings = {
  id: string;
  kind: AiProviderKind;
  name: string;
  baseUrl: string | null;
  apiKey: string | null;
};

/** The id users choose for one model of a provider set up in the app; never one of the environment's. */
export const providerModelId = (providerId: string, model: string) => `provider:${providerId}:${model}`;
export const isProviderModelId = (id: string) => id.startsWith('provider:');

/**
 * A generator over one model of a provider set up in the app. OpenAI-compatible servers speak
 * OpenAI's Chat Completions at their base URL, as OPENAI_BASE_URL does; the provider SDK is loaded
 * at the first generation, like the environment's.
 */
export function createProviderGenerator(
  provider: ProviderSettings,
  modelName: string,
  options: { timeoutMs?: number; maxRetries?: number } = {},
): TextGenerator {
  const common = {
    id: providerModelId(provider.id, modelName),
    label: `${provider.name}: ${modelName}`,
    providerModel: modelName,
    ...options,
  };
  if (provider.kind === 'anthropic') {
    const baseURL = anthropicBaseUrl(provider.baseUrl ?? undefined);
    return createAiSdkGenerator({
      ...common,
      model: async () => {
        const { createAnthropic } = await import('@ai-sdk/anthropic');
        return createAnthropic({ apiKey: provider.apiKey ?? 'not-needed', ...(baseURL ? { baseURL } : {}) })(modelName);
      },
      shouldStripMarkdown: true,
      acceptsImages: claudeModelAcceptsImages(modelName),
      maxTemperature: 1,
    });
  }
  return createAiSdkGenerator({
    ...common,
    model: async () => {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const openai = createOpenAI({
        apiKey: provider.apiKey ?? 'not-needed',
        ...(provider.baseUrl ? { baseURL: provider.baseUrl } : {}),
      });
      return openai.chat(modelName);
    },
    // A local server's model cannot be known by its name (README, Photos): only OpenAI's own get photos.
    acceptsImages: provider.kind === 'openai' && openAiModelAcceptsImages(modelName),
    imageProviderOptions: { openai: { imageDetail: openAiImageDetail } },
  });
}

/** The model a user gets until they choose one, among these generators: the first AI model, else the offline composer. */
export function defaultModelOf(generators: readonly TextGenerator[]): string {
  return generators.find((generator) => generator.isAiModel)?.id ?? offlineModelId;
}

/**
 * The model a user gets until they choose one: the first configured AI model, else the offline
 * composer, the embedded default that needs no configuration.
 */
export function defaultModelId(config: Config): string {
  return offeredModelIds(config).find((id) => id !== offlineModelId) ?? offlineModelId;
}

/** The model ids users may choose, in the order of createTextGenerators. */
export function offeredModelIds(config: Config): string[] {
  const ids = [offlineModelId];
  if (isOpenAiConfigured(config)) ids.push(openAiModelId);
  if (isClaudeConfigured(config)) ids.push(claudeModelId);
  return ids;
}
