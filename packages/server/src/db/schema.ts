import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * One name per concept, in SQL and in TypeScript (migration 0010 renamed the older SQL names):
 * - `ideas` holds ideas; `user_settings.max_ideas` is the limit on open ideas;
 * - `shares` holds shares in every status, from generated to sent: `idea_ids` and `ideas` are the
 *   share's ideas and their snapshots, `texts` its texts (per contact id, or one text for everyone
 *   under the key "everyone");
 * - `templates` holds email-structure templates;
 * - `telegram_chats` holds the Telegram channels and groups a user connected (Telegram calls both
 *   chats). Our row id is `chatId` wherever it is named (API params and bodies); Telegram's own
 *   numeric id is `telegramChatId` in TypeScript and the column `chat_id`.
 * - `deliveries` holds one row per destination of a share, on every channel (migration 0009 made
 *   it of `email_deliveries`, `telegram_posts` and `linkedin_posts`).
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ── Accounts (better-auth models; the user row is the user's profile) ──

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  username: text('username').notNull().default('user'),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  welcomeShown: boolean('welcome_shown').notNull().default(false),
  /** Set by better-auth's two-factor plugin once the first code from the authenticator app was right. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * better-auth's two-factor plugin: the TOTP secret and the backup codes (both encrypted by
 * better-auth with APP_SECRET), and its lockout after 10 wrong codes in a row.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('two_factors_user_id_idx').on(table.userId), index('two_factors_secret_idx').on(table.secret)],
);

/** Passkeys (WebAuthn credentials) that sign in instead of the password: better-auth's passkey plugin. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }),
  },
  (table) => [
    index('passkeys_user_id_idx').on(table.userId),
    index('passkeys_credential_id_idx').on(table.credentialID),
  ],
);

/** better-auth's per-IP rate-limit counters, kept in the database so they hold across instances. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Failed sign-in attempts per account, for the lockout rule. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_attempts_email_idx').on(table.email, table.attemptedAt)],
);

// ── Per-user settings ──

export const userSettings = pgTable('user_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxIdeas: integer('max_ideas').notNull().default(10),
  /**
   * The user's ideas not yet sent, kept by the `ideas_track_open` trigger (migrations 0001 and 0005; 0010 named it so),
   * which refuses a change that takes it over `max_ideas`.
   */
  openIdeas: integer('open_ideas').notNull().default(0),
  monthlyShareLimit: integer('monthly_share_limit').notNull().default(10),
  locale: text('locale'),
  theme: text('theme'),
  timeZone: text('time_zone'),
  schedule: jsonb('schedule'),
  aiConfig: jsonb('ai_config'),
  emailSettings: jsonb('email_settings'),
  /** The user's own email-provider key, AES-256-GCM with the server secret; never returned. */
  emailApiKeyEncrypted: text('email_api_key_encrypted'),
  /**
   * The opaque part of this user's own provider webhook address (`/api/webhooks/<provider>/<id>`):
   * random (gen_random_uuid), not the user id, so the address cannot be guessed from anything else.
   */
  emailWebhookId: uuid('email_webhook_id').notNull().defaultRandom().unique(),
  /**
   * What verifies the events of the user's own provider account: SendGrid's verification key or
   * Resend's signing secret, encrypted like the API key; never returned.
   */
  emailWebhookKeyEncrypted: text('email_webhook_key_encrypted'),
  voiceSample: text('voice_sample'),
  /** Writing like the user: their sent texts are given to the model as examples of their voice (Settings → Your Voice). */
  learnsFromSentTexts: boolean('learns_from_sent_texts').notNull().default(true),
  /**
   * The name of the model the user had chosen when an admin removed it: they now write with the
   * offline composer, and are told once (then it is cleared).
   */
  removedModelNotice: text('removed_model_notice'),
  nextScheduledRunAt: timestamp('next_scheduled_run_at', { withTimezone: true }),
  lastScheduledRun: jsonb('last_scheduled_run'),
  ...timestamps,
});

// ── Contacts ──

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    relationship: text('relationship'),
    description: text('description'),
    templateId: text('template_id'),
    /**
     * Set when the contact unsubscribed (their unsubscribe link, a spam complaint or an unsubscribe
     * reported by the mail provider). Only the contact clears it, through their unsubscribe page.
     */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** 'link', 'complaint' (a spam report) or 'provider' (unsubscribed through the mail provider). */
    unsubscribeSource: text('unsubscribe_source'),
    /** Set when mail to the address bounced for good; cleared when the owner changes the address. */
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('contacts_user_id_idx').on(table.userId, table.createdAt)],
);

/**
 * Addresses that unsubscribed from a user's updates, kept apart from the contact row so deleting
 * and re-adding the contact does not bring them back. Kept by triggers (migration 0003): a contact
 * whose unsubscribe is set adds its address here, the contact's own undo removes it, and a contact
 * created with a listed address starts unsubscribed.
 */
export const unsubscribedAddresses = pgTable(
  'unsubscribed_addresses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased, trimmed. */
    email: text('email').notNull(),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.email] })],
);

// ── Ideas ──

export const ideas = pgTable(
  'ideas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    date: timestamp('date', { withTimezone: true }),
    /** The kind of life event the idea is (free text). */
    kind: text('kind'),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isAudioRecording: boolean('is_audio_recording').notNull().default(false),
    sharedWith: jsonb('shared_with')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('raw'),
    preferences: jsonb('preferences'),
    /**
     * The `Idempotency-Key` the app sent with the create (a UUID made on the device when the idea was
     * written): a retried create answers with this row instead of inserting a second one. Null for
     * ideas saved without a key; NULLs never collide in the unique index.
     */
    idempotencyKey: uuid('idempotency_key'),
    ...timestamps,
  },
  (table) => [
    index('ideas_user_id_idx').on(table.userId, table.createdAt),
    uniqueIndex('ideas_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
  ],
);

// ── Photos on ideas (features/photos) ──

/**
 * One photo of an idea. The files live in media storage (providers/media-storage) under
 * `<userId>/<ideaId>/`: the image as stored (metadata removed, at most 2048 px) and its thumbnail.
 */
export const ideaPhotos = pgTable(
  'idea_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ideaId: uuid('idea_id')
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    /** 0 first: the order the photos are shown and sent in. */
    position: integer('position').notNull(),
    alt: text('alt'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size of the stored full image. */
    bytes: integer('bytes').notNull(),
    /** Content type of the stored files (image/jpeg). */
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /**
     * The `Idempotency-Key` the app sent with a one-photo upload (a UUID made on the device for that
     * photo): a retried upload answers with this row instead of storing the photo again. Null for
     * photos uploaded without a key; NULLs never collide in the unique index. Deleting the photo
     * frees its key.
     */
    idempotencyKey: uuid('idempotency_key'),
    ...timestamps,
  },
  (table) => [
    index('idea_photos_idea_idx').on(table.ideaId, table.position),
    index('idea_photos_user_idx').on(table.userId),
    uniqueIndex('idea_photos_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
  ],
);

// ── Email-structure templates ──

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    template: text('template').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    structureDescription: text('structure_description'),
    ...timestamps,
  },
  (table) => [index('templates_user_id_idx').on(table.userId)],
);

// ── Shares (every status) ──

export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    ideaIds: jsonb('idea_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ideas: jsonb('ideas')
      .notNull()
      .default(sql`'[]'::jsonb`),
    contactIds: jsonb('contact_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    texts: jsonb('texts')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * What the model wrote, by text key, for a share it generated (Summeris): the user's edits
     * change `texts` only, so a sent text is compared with this (sent_texts.is_edited). Null when
     * the user wrote the texts (Create Content keeps its draft in generation_drafts).
     */
    generatedTexts: jsonb('generated_texts').$type<Record<string, string>>(),
    templateId: text('template_id'),
    subject: text('subject'),
    source: text('source').notNull().default('manual'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    /** When a scheduled share goes out (its deliveries' jobs start then); null: at once. */
    sendAt: timestamp('send_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('shares_user_id_idx').on(table.userId, table.createdAt),
    index('shares_sent_at_idx').on(table.userId, table.sentAt),
  ],
);

// ── Deliveries: one row per destination of a share, on every channel ──

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id').references(() => shares.id, { onDelete: 'cascade' }),
    /** 'email', 'telegram' or 'linkedin' (contract `channels`). */
    channel: text('channel').notNull().default('email'),
    /** An email's contact. */
    contactId: text('contact_id'),
    /** The contact's name, the Telegram chat's title or the LinkedIn member's name, as it was when sent. */
    recipientName: text('recipient_name'),
    /** An email's address. */
    recipientEmail: text('recipient_email'),
    /** A Telegram post's chat (the user's connected chat); null once the chat is removed. */
    chatId: uuid('chat_id').references(() => telegramChats.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's own words for the last failure, for the logs and the administrator. */
    lastError: text('last_error'),
    /** The failure in our words: a catalogue key and its values. */
    errorKey: text('error_key'),
    errorValues: jsonb('error_values').$type<Record<string, string | number>>(),
    /** For a failed delivery: 'temporary' (retries ran out; "Retry failed" may resend) or 'permanent'. */
    failureKind: text('failure_kind'),
    /**
     * The id the provider gave: the mail transport's message id (provider webhooks find the delivery
     * by it), the LinkedIn post's URN, or the Telegram message ids.
     */
    providerMessageId: text('provider_message_id'),
    /** The published post: LinkedIn's address, or the first Telegram message's when the chat has links. */
    link: text('link'),
    /**
     * An email's Message-ID header (`<random@domain>`), stored before the first attempt and sent
     * again on every retry, so a receiving system can drop the copy that a retry after an unanswered
     * attempt delivers. SendGrid events of mail sent through its SMTP relay name it as `smtp-id`.
     */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('deliveries_share_idx').on(table.shareId),
    index('deliveries_provider_message_idx').on(table.providerMessageId),
    uniqueIndex('deliveries_message_id_idx').on(table.messageId),
    index('deliveries_user_idx').on(table.userId, table.createdAt),
  ],
);

/** Messages kept by the outbox transport: the embedded default, nothing leaves the machine. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers the message carried (List-Unsubscribe on update emails). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_user_idx').on(table.userId, table.createdAt)],
);

// ── Contact Us / upgrade requests ──

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  status: text('status').notNull().default('new'),
  ...timestamps,
});

// ── LinkedIn: a user's connection and sign-in attempts in flight ──

/** One LinkedIn connection per user; the access token is kept in the secret box (lib/secret-box.ts). */
export const linkedinConnections = pgTable('linkedin_connections', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The member's OpenID `sub`: the post author is `urn:li:person:<memberId>`. */
  memberId: text('member_id').notNull(),
  name: text('name').notNull(),
  accessTokenEncrypted: text('access_token_encrypted').notNull(),
  scope: text('scope'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the "expires soon" email went out for this token; reset by reconnecting. */
  expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
  ...timestamps,
});

/** The state of an authorisation in flight, bound to its user; taken once by the callback. */
export const linkedinAuthorizations = pgTable(
  'linkedin_authorizations',
  {
    state: text('state').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('linkedin_authorizations_user_idx').on(table.userId)],
);

// ── Telegram: the linked chat, connected chats (channels and groups), handled updates ──

/** The Telegram chat a user linked through the bot; one chat per account, one account per chat. */
export const telegramLinks = pgTable('telegram_links', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  telegramChatId: bigint('chat_id', { mode: 'number' }).notNull().unique(),
  telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull(),
  username: text('username'),
  firstName: text('first_name'),
  languageCode: text('language_code'),
  ...timestamps,
});

/** A pending "Connect Telegram" code: only its SHA-256 is kept; one per user; valid 10 minutes. */
export const telegramLinkCodes = pgTable('telegram_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A channel or group where the bot is an administrator, connected by one of its administrators. */
export const telegramChats = pgTable(
  'telegram_chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    telegramChatId: bigint('chat_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    username: text('username'),
    type: text('type').notNull(),
    ...timestamps,
  },
  (table) => [unique('telegram_chats_user_chat').on(table.userId, table.telegramChatId)],
);

/**
 * Bot updates already turned into an idea: a retried update (its reply failed, or it was fetched
 * twice) answers again without saving a second idea.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    botId: bigint('bot_id', { mode: 'number' }).notNull(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'set null' }),
    /** The photo the update added to its idea (a photo message, or one photo of an album). */
    photoId: uuid('photo_id').references(() => ideaPhotos.id, { onDelete: 'set null' }),
    /** The message's id in its chat: an album's photos keep the order in which they were sent. */
    messageId: bigint('message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.botId, table.updateId] })],
);

/**
 * Albums sent to the bot: Telegram delivers each photo of an album as its own update, sharing a
 * `media_group_id` (https://core.telegram.org/bots/api#message). The key makes the album one idea
 * whichever of its updates comes first, even when two are handled at once (the second's insert waits
 * on the key until the first commits, then finds the first's idea).
 */
export const telegramAlbums = pgTable(
  'telegram_albums',
  {
    botId: bigint('bot_id', { mode: 'number' }).notNull(),
    telegramChatId: bigint('chat_id', { mode: 'number' }).notNull(),
    mediaGroupId: text('media_group_id').notNull(),
    /** Set in the transaction that writes the row (the row comes first: it is the album's lock). */
    ideaId: uuid('idea_id').references(() => ideas.id, { onDelete: 'cascade' }),
    /** The update that made the idea: the one the bot replies to (again, if it is delivered again). */
    firstUpdateId: bigint('first_update_id', { mode: 'number' }).notNull(),
    /** Whether the idea's text is a caption yet (false: the placeholder of an album sent without one). */
    hasCaption: boolean('has_caption').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.botId, table.telegramChatId, table.mediaGroupId] })],
);

// ── Instance-wide settings (one row per key), e.g. the public address links in emails are built from ──

export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

// ── AI providers set up in Settings → Admin (the environment's are in config.ts) ──

export const aiProviders = pgTable('ai_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** `openai`, `openai-compatible` or `anthropic` (contract: aiProviderKinds). */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  baseUrl: text('base_url'),
  /** The provider's key, AES-256-GCM with the server secret (lib/secret-box.ts); never returned. */
  apiKeyEncrypted: text('api_key_encrypted'),
  /** The provider's model names users may choose. */
  enabledModels: jsonb('enabled_models')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  ...timestamps,
});

// ── Sent texts: what a user sent after their edits, the examples of their voice ──

export const sentTexts = pgTable(
  'sent_texts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id').references(() => shares.id, { onDelete: 'set null' }),
    /** The generation preference `platform` the text was written for (linkedin, telegram, newsletter). */
    platform: text('platform').notNull(),
    preferences: jsonb('preferences'),
    /** What the model first wrote; null when nothing generated it. */
    draft: text('draft'),
    /** What went out, after the user's edits. */
    text: text('text').notNull(),
    /** Whether the user changed the draft before sending: edited texts say more about their voice. */
    isEdited: boolean('is_edited').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sent_texts_user_platform_idx').on(table.userId, table.platform, table.sentAt)],
);

/**
 * The text the model last wrote for a user's ideas (Create Content), kept until it is sent so the
 * sent text can be kept beside it (sent_texts.draft). One per user and ordered list of ideas.
 */
export const generationDrafts = pgTable(
  'generation_drafts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ideaIds: jsonb('idea_ids').$type<string[]>().notNull(),
    text: text('text').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.ideaIds] })],
);

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  twoFactors,
  rateLimits,
  loginAttempts,
  userSettings,
  contacts,
  unsubscribedAddresses,
  ideas,
  templates,
  shares,
  deliveries,
  outboxMessages,
  contactMessages,
  linkedinConnections,
  linkedinAuthorizations,
  telegramLinks,
  telegramLinkCodes,
  telegramChats,
  telegramUpdates,
  telegramAlbums,
  instanceSettings,
  aiProviders,
  sentTexts,
  generationDrafts,
};
