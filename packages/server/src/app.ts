import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createAuth, type Auth } from './features/auth/auth.ts';
import { registerSessions } from './features/auth/session-hook.ts';
import { createPublicAddress, requestOrigin, type PublicAddress } from './features/public-address/public-address.ts';
import { publicAddressRoutes } from './features/public-address/public-address-routes.ts';
import { adminRoutes } from './features/admin/admin-routes.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { ideasRoutes } from './features/ideas/ideas-routes.ts';
import { contactsRoutes } from './features/contacts/contacts-routes.ts';
import { contactUsRoutes } from './features/contact-us/contact-us-routes.ts';
import { emailRoutes } from './features/email/email-routes.ts';
import { webhookRoutes } from './features/email/webhook-routes.ts';
import { unsubscribeRoutes } from './features/unsubscribe/unsubscribe-routes.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { transcriptionRoutes } from './features/transcription/transcription-routes.ts';
import { usageRoutes } from './features/usage/usage-routes.ts';
import { generationRoutes } from './features/generation/generation-routes.ts';
import { sharesRoutes } from './features/shares/shares-routes.ts';
import { scheduleRoutes } from './features/schedule/schedule-routes.ts';
import { templatesRoutes } from './features/templates/templates-routes.ts';
import { linkedinRoutes } from './features/linkedin/linkedin-routes.ts';
import { createTelegramRuntime, type TelegramRuntime } from './features/telegram/telegram-runtime.ts';
import { telegramRoutes } from './features/telegram/telegram-routes.ts';
import type { JobQueue } from './jobs.ts';
import { AppError } from './lib/app-error.ts';
import { createLogStream } from './lib/log-stream.ts';
import { precompressWebAssets } from './lib/precompress-web-assets.ts';
import { createEmailTransport } from './providers/email/create-email-transport.ts';
import { createTranscriptionProvider } from './providers/transcription/create-transcription-provider.ts';
import type { EmailTransport } from './providers/email/email-transport.ts';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  jobs?: JobQueue | undefined;
  /** Overrides the configured email transport (tests). */
  mailer?: EmailTransport;
  /** Serve the built web app from this folder; defaults to packages/web/dist when it exists. */
  webDistDir?: string | null;
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
    deps: AppDependencies & { mailer: EmailTransport; telegram: TelegramRuntime | null };
  }
}

/** The path ("name", "contacts.0.email") of the first string holding NUL, or null. */
function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (typeof value !== 'object' || value === null || path.length > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path.join('.') || 'body';
    const found = findNul(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A lone UTF-16 surrogate (half an emoji, e.g. from text cut in the middle) becomes U+FFFD, as the
 * database driver would do for a text column; in a JSON column PostgreSQL refuses its `\ud800` escape.
 */
function toWellFormed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.isWellFormed() ? value : value.toWellFormed();
  if (typeof value !== 'object' || value === null || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => toWellFormed(item, depth + 1));
  // Parsed JSON only: a Buffer (an uploaded recording) or a stream stays as it is.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toWellFormed(item, depth + 1)]));
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole app; `server.ts` only listens. Tests call this and use `app.inject()`. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = dependencies;
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

  const mailer = dependencies.mailer ?? createEmailTransport(config, database.db);
  const publicAddress = createPublicAddress({ config, db: database.db });
  const auth = createAuth({ config, db: database.db, mailer, log: app.log, publicAddress });
  app.decorate('auth', auth);
  app.decorate('publicAddress', publicAddress);
  // grammY is loaded only when a bot token is set.
  const telegram = await createTelegramRuntime({ config, log: app.log });
  app.decorate('deps', { ...dependencies, mailer, telegram });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = pickLocale(request.headers['accept-language']);
    if (error instanceof AppError) {
      const fields = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, translate(key, locale)]))
        : undefined;
      return reply
        .status(error.status)
        .send({ code: error.code, message: translate(error.message, locale, error.values), fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[field] ??= translate(issue.message ?? 'validation.invalidInput', locale);
      }
      const message = Object.values(fields)[0] ?? translate('validation.invalidInput', locale);
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message, fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: translate('errors.rateLimited', locale) });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error, requestId: request.id }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: translate('errors.internal', locale) });
  });

  // Security headers on every response. The middleware is built once, not per request: its
  // headers never change between requests (docs/benchmarks.md (a)).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.BASE_URL.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: config.BASE_URL.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  await app.register(rateLimit, {
    global: true,
    max: 600 * config.RATE_LIMIT_SCALE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Life Updates API', version: '1.2.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // CSRF: a state-changing API request from a browser must come from our own origin. Browsers
  // send Origin on cross-site POSTs; Referer and Sec-Fetch-Site cover the ones that do not (older
  // browsers, privacy extensions stripping Origin). Clients without any of them (curl, scripts)
  // carry no ambient cookie to abuse. The session cookie is also SameSite=Lax (docs/security.md).
  // Our own origin is BASE_URL's when it is set, else the address this request was sent to (its
  // Host, or the proxy's X-Forwarded-Host/-Proto with TRUST_PROXY), so every address that reaches
  // the server works, and an Origin that disagrees with the Host is cross-site.
  const fixedOrigin = publicAddress.fixed;
  const originOf = (value: string) => {
    try {
      return new URL(value).origin;
    } catch {
      return 'invalid';
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const { origin, referer } = request.headers;
    const fetchSite = request.headers['sec-fetch-site'];
    const ownOrigin = requestOrigin(request);
    const allowedOrigin = fixedOrigin ?? ownOrigin;
    const isForeign =
      (origin !== undefined && origin !== allowedOrigin) ||
      (origin === undefined && referer !== undefined && originOf(referer) !== allowedOrigin) ||
      fetchSite === 'cross-site' ||
      fetchSite === 'same-site';
    if (isForeign) {
      const locale = pickLocale(request.headers['accept-language']);
      // The page itself was opened at another address of this server (BASE_URL is set): say which one to use.
      const sentFrom = origin ?? (referer === undefined ? undefined : originOf(referer));
      if (fixedOrigin !== undefined && sentFrom === ownOrigin) {
        return reply.status(403).send({
          code: 'WRONG_ADDRESS',
          message: translate('publicAddress.wrongAddress', locale, { address: fixedOrigin }),
        });
      }
      return reply.status(403).send({ code: 'FORBIDDEN_ORIGIN', message: translate('errors.forbidden', locale) });
    }
  });

  // PostgreSQL text cannot hold NUL: refuse it in any body, query or path parameter as bad input (a
  // 400), instead of letting the database fail the request with a 500 half-way.
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    if (field !== null) {
      throw new AppError({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'validation.invalidInput',
        fields: { [field]: 'validation.invalidInput' },
      });
    }
    // Also a lone UTF-16 surrogate, which PostgreSQL refuses in JSON (see toWellFormed).
    if (request.body !== undefined) request.body = toWellFormed(request.body);
  });

  // Who is signed in, once per API request; routes then call requireUser(request).
  registerSessions(app, auth);

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, {
    auth,
    db: database.db,
    baseFor: (request) => fixedOrigin ?? requestOrigin(request),
  });
  await app.register(publicAddressRoutes, { publicAddress });
  await app.register(ideasRoutes, { db: database.db });
  await app.register(usageRoutes, { db: database.db });
  await app.register(transcriptionRoutes, { provider: createTranscriptionProvider(config) });
  await app.register(contactsRoutes, { db: database.db });
  await app.register(generationRoutes, { db: database.db, config });
  await app.register(sharesRoutes, { db: database.db });
  await app.register(templatesRoutes, { db: database.db });
  await app.register(emailRoutes, { db: database.db });
  await app.register(contactUsRoutes, { db: database.db });
  await app.register(scheduleRoutes, { db: database.db });
  await app.register(adminRoutes, { db: database.db });
  await app.register(linkedinRoutes, { db: database.db, config, publicAddress, jobs: dependencies.jobs });
  await app.register(telegramRoutes, { db: database.db, telegram, jobs: dependencies.jobs });
  await app.register(webhookRoutes, { db: database.db, config });
  await app.register(unsubscribeRoutes, { db: database.db, config });

  const webDist = dependencies.webDistDir === undefined ? defaultWebDist : dependencies.webDistDir;
  const hasWebApp = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  // Every page path gets index.html: the app picks the screen, its language and who is signed in.
  const sendPage = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html').sendFile('index.html', { maxAge: 0 });
  if (hasWebApp) {
    precompressWebAssets(webDist, app.log);
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // "/" is a page like the others (sendPage below).
      index: false,
      preCompressed: true,
      // Files under /assets/ carry a content hash in their names: cache them for good. Everything
      // else (index.html, sw.js, the manifest) is revalidated so a new version shows at once.
      setHeaders: (response, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    // Without it the SPA fallback would answer /robots.txt with the page (an SEO audit error).
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain').send('User-agent: *\nDisallow: /api/\n'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const locale = pickLocale(request.headers['accept-language']);
    if (request.url.startsWith('/api/') || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: translate('errors.notFound', locale) });
    }
    // SPA fallback: the web app's own "Page not found" screen handles unknown page paths.
    return sendPage(request, reply);
  });

  return app;
}
