import { pickLocale, translate } from '@life-updates/contract/i18n';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { createAuth, type Auth } from './features/auth/auth.ts';
import { sessionsPlugin } from './features/auth/session-hook.ts';
import { createPublicAddress, type PublicAddress } from './features/public-address/public-address.ts';
import { adminApi } from './features/admin/admin-api.ts';
import { accountExportRoutes } from './features/account-export/account-export-routes.ts';
import { accountRoutes, authEndpoints } from './features/auth/auth-routes.ts';
import { ideasRoutes } from './features/ideas/ideas-routes.ts';
import { photosRoutes } from './features/photos/photos-routes.ts';
import { photoLinkRoutes } from './features/photos/photo-link-routes.ts';
import { contactsRoutes } from './features/contacts/contacts-routes.ts';
import { contactUsRoutes } from './features/contact-us/contact-us-routes.ts';
import { emailRoutes } from './features/email/email-routes.ts';
import { createEmailChannel } from './features/email/email-channel.ts';
import { webhookRoutes } from './features/email/webhook-routes.ts';
import { unsubscribeRoutes } from './features/unsubscribe/unsubscribe-routes.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { transcriptionRoutes } from './features/transcription/transcription-routes.ts';
import { usageRoutes } from './features/usage/usage-routes.ts';
import { generationRoutes } from './features/generation/generation-routes.ts';
import { sentTextsRoutes } from './features/sent-texts/sent-texts-routes.ts';
import { sharesRoutes } from './features/shares/shares-routes.ts';
import { scheduleRoutes } from './features/schedule/schedule-routes.ts';
import { templatesRoutes } from './features/templates/templates-routes.ts';
import { createLinkedinChannel } from './features/linkedin/linkedin-channel.ts';
import { linkedinRoutes } from './features/linkedin/linkedin-routes.ts';
import type { Channels } from './features/shares/delivery/channel.ts';
import { createTelegramChannel } from './features/telegram/telegram-channel.ts';
import { createTelegramRuntime, type TelegramRuntime } from './features/telegram/telegram-runtime.ts';
import { telegramRoutes } from './features/telegram/telegram-routes.ts';
import type { JobQueue } from './jobs.ts';
import { createDiskSpace, type DiskSpace } from './lib/disk-space.ts';
import { createLogStream } from './lib/log-stream.ts';
import { createSecretBox, type SecretBox } from './lib/secret-box.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { diskSpacePlugin } from './plugins/disk-space.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { securityPlugin } from './plugins/security.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { createAiModels, type AiModels } from './features/ai-providers/ai-models.ts';
import { currentTranscriptionProvider } from './features/ai-providers/transcription-settings.ts';
import { createTextGenerators } from './providers/ai/create-text-generators.ts';
import type { TextGenerator } from './providers/ai/text-generator.ts';
import { createMediaStorage } from './providers/media-storage/create-media-storage.ts';
import type { MediaStorage } from './providers/media-storage/media-storage.ts';
import { createEmailTransport } from './providers/email/create-email-transport.ts';
import type { EmailTransport } from './providers/email/email-transport.ts';
import type { TranscriptionProvider } from './providers/transcription/transcription-provider.ts';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  jobs?: JobQueue | undefined;
  /** Overrides the configured email transport (tests). */
  mailer?: EmailTransport;
  /** Serve the built web app from this folder; defaults to packages/web/dist when it exists. */
  webDistDir?: string | null;
  /** Overrides the free-space watch of the embedded database's disk (tests); null turns it off. */
  diskSpace?: DiskSpace | null;
  /** Overrides where photos are stored (tests). */
  media?: MediaStorage;
};

/** The services routes and workers share (`app.deps`), each built once when the app is. */
export type AppServices = AppDependencies & {
  /** The database to query (`database.db`), the one thing nearly every route needs. */
  db: Database;
  mailer: EmailTransport;
  telegram: TelegramRuntime | null;
  /**
   * The offline composer, and the AI models the server has keys for (environment, then Settings →
   * Admin): `aiModels.generators`, one array kept up to date in place when an admin changes a provider.
   */
  generators: readonly TextGenerator[];
  aiModels: AiModels;
  /**
   * The speech to text users get now, or null when none is set up: read from the settings at each
   * use, since an admin may set it up in Settings → Admin on another instance of the server.
   */
  transcription: () => Promise<TranscriptionProvider | null>;
  /** Encrypts the secrets kept for users (provider keys, OAuth tokens) under APP_SECRET. */
  secretBox: SecretBox;
  /** The free space of the embedded database's disk; null on PostgreSQL and in memory. */
  diskSpace: DiskSpace | null;
  /** Where shares go: email, Telegram and LinkedIn, each one module of the share pipeline. */
  channels: Channels;
  /** Where photos are kept: MEDIA_DIR on this disk, or an S3 bucket. */
  media: MediaStorage;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (health, contact us). */
    isPublic?: boolean;
  }
  interface FastifyInstance {
    auth: Auth;
    /** Where links in emails point (BASE_URL, or the stored address): never a request's Host. */
    publicAddress: PublicAddress;
    deps: AppServices;
  }
}

// Beside the source (src/) and the bundle (dist/) alike.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The free space of the embedded database's disk (DATA_DIR/db, plugins/disk-space.ts). */
function watchDiskSpace(config: Config, database: DatabaseHandle, app: FastifyInstance): DiskSpace | null {
  if (!database.dataDir || config.DISK_FREE_MARGIN_MB === 0) return null;
  const margin = `DISK_FREE_MARGIN_MB (${config.DISK_FREE_MARGIN_MB} MB)`;
  return createDiskSpace({
    directory: database.dataDir,
    marginBytes: config.DISK_FREE_MARGIN_MB * 1024 * 1024,
    onChange: ({ isLow, freeBytes }) => {
      const disk = `The disk of the database ${database.dataDir} has ${Math.floor(freeBytes / 1024 / 1024)} MB free`;
      if (isLow) app.log.warn(`${disk}, less than ${margin}: new writes are refused until space is freed.`);
      else app.log.info(`${disk} again: writes are accepted.`);
    },
  });
}

/** Builds the whole app; `server.ts` only listens. Tests call this and use `app.inject()`. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database, webDistDir = defaultWebDist } = dependencies;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            stream: await createLogStream(config),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every shared service is built here, once; plugins, routes and workers read them from the app.
  const mailer = dependencies.mailer ?? createEmailTransport(config, database.db);
  const media = dependencies.media ?? createMediaStorage(config);
  const publicAddress = createPublicAddress({ config, db: database.db });
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    log: app.log,
    publicAddress,
    jobs: dependencies.jobs,
    media,
  });
  app.decorate('auth', auth);
  app.decorate('publicAddress', publicAddress);
  // grammY is loaded only when a bot token is set.
  const telegram = await createTelegramRuntime({ config, log: app.log });
  const secretBox = createSecretBox(config.APP_SECRET);
  // The environment's, else the one set up in Settings → Admin (one row read by its key).
  const transcription = () => currentTranscriptionProvider({ db: database.db, config, secretBox });
  const aiModels = createAiModels({ db: database.db, secretBox, environmentGenerators: createTextGenerators(config) });
  await aiModels.refresh();
  const { generators } = aiModels;
  const diskSpace =
    dependencies.diskSpace === undefined ? watchDiskSpace(config, database, app) : dependencies.diskSpace;
  const channels: Channels = {
    email: createEmailChannel({ config, secretBox, publicAddress, serverTransport: mailer, media }),
    telegram: createTelegramChannel({ telegram, media }),
    linkedin: createLinkedinChannel({ config, secretBox, media }),
  };
  app.decorate('deps', {
    ...dependencies,
    db: database.db,
    mailer,
    telegram,
    generators,
    aiModels,
    transcription,
    secretBox,
    diskSpace,
    channels,
    media,
  });

  // Whole-app behaviour, in the order requests meet it.
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(apiDocsPlugin);
  await app.register(diskSpacePlugin);
  await app.register(inputPlugin);

  // The API, one encapsulated scope. Who may call a route is decided by the scope it is registered
  // in and its own config, for the route a request reached (Fastify's router decodes the path:
  // `/%61pi/admin/users` reaches `/api/admin/users`), never by a string test on `request.url`.
  await app.register(async (api) => {
    await api.register(sameOriginPlugin);
    await api.register(rateLimitPlugin);
    // better-auth's own endpoints, which read their own session.
    await api.register(authEndpoints);
    // Any other path under /api is the API's JSON 404, decided by the router (which decodes the
    // path, so `/%61pi/nothing` lands here too), never by a test on the URL's spelling.
    api.all('/api/*', { schema: { hide: true } }, async (request, reply) =>
      reply.status(404).send({
        code: 'NOT_FOUND',
        message: translate('errors.notFound', pickLocale(request.headers['accept-language'])),
      }),
    );
    // Every other API route: who is signed in, once per request; a session is required unless the
    // route says `isPublic`. Routes then call requireUser(request).
    await api.register(async (signedIn) => {
      await signedIn.register(sessionsPlugin);
      // Feature routes: each reads what it needs from app.deps, app.auth and app.publicAddress.
      await signedIn.register(healthRoutes);
      await signedIn.register(accountRoutes);
      await signedIn.register(accountExportRoutes);
      await signedIn.register(ideasRoutes);
      await signedIn.register(photosRoutes);
      // The links to a share's photos in its emails: public by the route's own config (the token is the credential).
      await signedIn.register(photoLinkRoutes);
      await signedIn.register(usageRoutes);
      await signedIn.register(transcriptionRoutes);
      await signedIn.register(contactsRoutes);
      await signedIn.register(generationRoutes);
      await signedIn.register(sentTextsRoutes);
      await signedIn.register(sharesRoutes);
      await signedIn.register(templatesRoutes);
      await signedIn.register(emailRoutes);
      await signedIn.register(contactUsRoutes);
      await signedIn.register(scheduleRoutes);
      await signedIn.register(linkedinRoutes);
      await signedIn.register(telegramRoutes);
      await signedIn.register(webhookRoutes);
      // Settings → Admin: the admin role, checked by the scope for all of its routes.
      await signedIn.register(adminApi, { prefix: '/api/admin' });
    });
  });

  // The one-click unsubscribe link in emails: its token is the credential, and a mail provider posts it from anywhere.
  await app.register(unsubscribeRoutes);

  // The web app's pages, and the answer to every unknown path.
  await app.register(webAppPlugin, { webDist: webDistDir });
  return app;
}
