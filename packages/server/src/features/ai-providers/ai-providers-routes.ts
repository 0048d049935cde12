import {
  aiProviderCreateSchema,
  aiProviderModelsResponseSchema,
  aiProviderResponseSchema,
  aiProvidersResponseSchema,
  aiProviderTestRequestSchema,
  aiProviderTestResponseSchema,
  aiProviderUpdateSchema,
} from '@life-updates/contract/ai-providers';
import { apiErrorSchema } from '@life-updates/contract/errors';
import { pickLocale } from '@life-updates/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { listProviderModels, ProviderConnectionError } from '../../providers/ai/provider-connection.ts';
import {
  createProvider,
  findProviders,
  getProviderSettings,
  removeProvider,
  updateProvider,
} from './ai-providers-service.ts';
import { testProviderModel } from './test-provider-model.ts';

const tags = ['admin'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const providerParams = z.object({ id: z.uuid('aiProviders.errors.notFound') });

/** The providers set in the server's environment, as Settings → Admin shows them (never their keys). */
function environmentProviders(config: Config) {
  const providers = [];
  if (config.OPENAI_API_KEY || config.OPENAI_BASE_URL) {
    providers.push({
      kind: config.OPENAI_BASE_URL ? ('openai-compatible' as const) : ('openai' as const),
      model: config.OPENAI_MODEL,
      baseUrl: config.OPENAI_BASE_URL ?? null,
    });
  }
  if (config.ANTHROPIC_API_KEY || config.ANTHROPIC_BASE_URL) {
    providers.push({
      kind: 'anthropic' as const,
      model: config.ANTHROPIC_MODEL,
      baseUrl: config.ANTHROPIC_BASE_URL ?? null,
    });
  }
  return providers;
}

/** Settings → Admin → AI providers, in the admin scope (admin-api.ts: admins only). */
export async function aiProvidersRoutes(app: FastifyInstance) {
  const { db, config, secretBox, aiModels } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/ai-providers',
    { schema: { tags, response: { 200: aiProvidersResponseSchema, ...errors } } },
    async () => ({
      providers: await findProviders({ db }),
      environment: environmentProviders(config),
    }),
  );

  typed.post(
    '/ai-providers',
    { schema: { tags, body: aiProviderCreateSchema, response: { 200: aiProviderResponseSchema, ...errors } } },
    async (request) => ({ provider: await createProvider({ db, secretBox, provider: request.body }) }),
  );

  typed.patch(
    '/ai-providers/:id',
    {
      schema: {
        tags,
        params: providerParams,
        body: aiProviderUpdateSchema,
        response: { 200: aiProviderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const provider = await updateProvider({ db, secretBox, providerId: request.params.id, changes: request.body });
      await aiModels.refresh();
      return { provider };
    },
  );

  typed.delete(
    '/ai-providers/:id',
    { schema: { tags, params: providerParams, response: { 200: z.object({ success: z.literal(true) }), ...errors } } },
    async (request) => {
      await removeProvider({ db, providerId: request.params.id });
      await aiModels.refresh();
      return { success: true as const };
    },
  );

  typed.post(
    '/ai-providers/:id/models',
    {
      schema: {
        tags,
        params: providerParams,
        response: { 200: aiProviderModelsResponseSchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const provider = await getProviderSettings({ db, secretBox, providerId: request.params.id });
      try {
        return { models: await listProviderModels(provider) };
      } catch (error) {
        if (!(error instanceof ProviderConnectionError)) throw error;
        request.log.warn({ problem: error.problem, providerMessage: error.providerMessage }, 'listing models failed');
        throw new AppError({
          status: 502,
          code: 'AI_PROVIDER_FAILED',
          message: `aiProviders.errors.${error.problem === 'modelNotFound' ? 'noModelList' : error.problem}`,
          values: { seconds: 15 },
        });
      }
    },
  );

  typed.post(
    '/ai-providers/:id/test',
    {
      schema: {
        tags,
        params: providerParams,
        body: aiProviderTestRequestSchema,
        response: { 200: aiProviderTestResponseSchema, ...errors },
      },
    },
    async (request) =>
      testProviderModel({
        provider: await getProviderSettings({ db, secretBox, providerId: request.params.id }),
        model: request.body.model,
        locale: pickLocale(request.headers['accept-language']),
      }),
  );
}
