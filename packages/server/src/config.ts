import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { makeDirectory } from './lib/data-dir.ts';
import { imageInputSettings } from './providers/ai/image-input.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An on/off setting: `true` or `false`, off when unset. */
const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  APP_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'APP_SECRET must be at least 32 characters long',
  }),
  BASE_URL: optionalText.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('noreply@localhost'),
  SUPPORT_EMAIL: z.string().default('support@localhost'),
  SMTP_URL: optionalText,
  SENDGRID_API_KEY: optionalText,
  SENDGRID_BASE_URL: optionalText,
  RESEND_API_KEY: optionalText,
  RESEND_BASE_URL: optionalText,
  /** SendGrid Event Webhook verification key (base64 ECDSA public key from Mail Settings); unset = endpoint off. */
  SENDGRID_WEBHOOK_PUBLIC_KEY: optionalText,
  /** Resend webhook signing secret (whsec_…); unset = endpoint off. */
  RESEND_WEBHOOK_SECRET: optionalText,
  /** Retries of a failed email delivery, with exponential back-off from the first delay. */
  EMAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long the links to a share's photos that did not fit in an email (beyond 10 MB) keep working. */
  PHOTO_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** Whether OPENAI_MODEL is shown the ideas' photos: `auto` decides by its name (providers/ai/README.md, Photos). */
  OPENAI_IMAGE_INPUT: z.enum(imageInputSettings).default('auto'),
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: optionalText,
  ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-5'),
  ANTHROPIC_IMAGE_INPUT: z.enum(imageInputSettings).default('auto'),
  /**
   * Writing like the user: how many tokens (estimated, features/sent-texts/voice-examples.ts) of the
   * user's own sent texts a generation may give the model as examples of their voice. 0 turns it off.
   */
  VOICE_EXAMPLES_TOKEN_BUDGET: z.coerce.number().int().min(0).max(100_000).default(3000),
  TRANSCRIPTION_BASE_URL: optionalText,
  TRANSCRIPTION_API_KEY: optionalText,
  TRANSCRIPTION_MODEL: z.string().default('whisper-1'),
  /** A LinkedIn app (developer portal) for publishing posts; both unset = no LinkedIn. */
  LINKEDIN_CLIENT_ID: optionalText,
  LINKEDIN_CLIENT_SECRET: optionalText,
  /** Where the Posts and userinfo APIs live, and where the authorisation and token endpoints live. */
  LINKEDIN_API_BASE: optionalText.pipe(z.url().default('https://api.linkedin.com')),
  LINKEDIN_AUTH_BASE: optionalText.pipe(z.url().default('https://www.linkedin.com')),
  /**
   * The Posts API version sent as `LinkedIn-Version` (YYYYMM). LinkedIn retires each about a year
   * after its month (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/migrations);
   * start-up warns 60 days before. 202609 is the latest one confirmed on 2026-11-27 (LinkedIn's
   * versioning page as quoted in n8n-io/n8n#39065); move the default on when a newer one is listed.
   */
  LINKEDIN_API_VERSION: optionalText.pipe(
    z
      .string()
      .regex(/^\d{6}$/, { message: 'LINKEDIN_API_VERSION must be YYYYMM' })
      .default('202609'),
  ),
  /** The Telegram bot (@BotFather token): capture by message or voice, publish to channels. Unset = no bot. */
  TELEGRAM_BOT_TOKEN: optionalText,
  /** The Bot API server; a local Bot API server or a test double. No trailing slash. */
  TELEGRAM_API_ROOT: z
    .string()
    .trim()
    .default('https://api.telegram.org')
    .transform((value) => value.replace(/\/+$/, ''))
    .pipe(z.url()),
  /** Receive bot updates by webhook at BASE_URL/api/telegram/webhook (BASE_URL must be https) instead of polling. */
  TELEGRAM_WEBHOOK: flag,
  /** Retries of a bot update whose handling failed (database or transcription down), with back-off. */
  TELEGRAM_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  TELEGRAM_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * The longest a person waits on Telegram (publishing, Settings → Telegram): after it they are told
   * Telegram cannot be reached, and nothing is marked published.
   */
  TELEGRAM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  /**
   * Free space (MB) the disk of DATA_DIR must keep: below it the server refuses new writes (507) before
   * the embedded database runs out of room for its write-ahead log. 0 turns the check off.
   */
  DISK_FREE_MARGIN_MB: z.coerce.number().int().min(0).max(100_000_000).default(64),
  /** Automatic backups of the embedded database: where (default DATA_DIR/backups) and how many to keep (0: none). */
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce.number().int().min(0).max(365).default(7),
  /** Where photos are stored on disk (default DATA_DIR/media); unused when S3_BUCKET is set. */
  MEDIA_DIR: optionalText,
  /** An S3 bucket (AWS, or any S3-compatible store) for photos instead of MEDIA_DIR; unset = local disk. */
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().default('us-east-1'),
  /** The store's address for an S3-compatible service (MinIO, Garage, Cloudflare R2); unset = AWS. */
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  /** Unset: the AWS SDK's own credential chain (environment, instance role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `true` for stores that take the bucket in the path (MinIO and most self-hosted ones). */
  S3_FORCE_PATH_STYLE: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines) or `json`; unset: pretty when stdout is a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Multiplies every per-IP rate limit: for many users behind one address, and for test runs. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  TRUST_PROXY: flag,
});

export type Config = Omit<z.infer<typeof environmentSchema>, 'APP_SECRET' | 'BASE_URL' | 'BACKUP_DIR' | 'MEDIA_DIR'> & {
  APP_SECRET: string;
  /** MEDIA_DIR, or DATA_DIR/media when unset: an absolute path. */
  MEDIA_DIR: string;
  /** BACKUP_DIR, or DATA_DIR/backups when unset: an absolute path. */
  BACKUP_DIR: string;
  /** BASE_URL, or `http://localhost:PORT` when unset: for links, use features/public-address instead. */
  BASE_URL: string;
  /** Whether BASE_URL was set: then only its origin is same-origin, else the request's own (features/public-address). */
  BASE_URL_IS_SET: boolean;
};

/**
 * Reads the secret from DATA_DIR, creating it on first start. It is never logged.
 */
function readOrCreateSecret(dataDirectory: string): string {
  const secretPath = path.join(dataDirectory, 'app-secret');
  if (existsSync(secretPath)) return readFileSync(secretPath, 'utf8').trim();
  makeDirectory(dataDirectory);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretPath, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const values = { ...parsed.data, ...overrides };
  const dataDirectory = path.resolve(values.DATA_DIR);
  return {
    ...values,
    DATA_DIR: dataDirectory,
    BACKUP_DIR: path.resolve(overrides.BACKUP_DIR ?? parsed.data.BACKUP_DIR ?? path.join(dataDirectory, 'backups')),
    MEDIA_DIR: path.resolve(overrides.MEDIA_DIR ?? parsed.data.MEDIA_DIR ?? path.join(dataDirectory, 'media')),
    APP_SECRET: overrides.APP_SECRET ?? parsed.data.APP_SECRET ?? readOrCreateSecret(dataDirectory),
    BASE_URL: overrides.BASE_URL ?? parsed.data.BASE_URL ?? `http://localhost:${values.PORT}`,
    BASE_URL_IS_SET: overrides.BASE_URL_IS_SET ?? (overrides.BASE_URL ?? parsed.data.BASE_URL) !== undefined,
  };
}
