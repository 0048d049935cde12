import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ── Accounts (better-auth models; the user row is the spec's profile, spec §3 Profile) ──

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

/** better-auth's per-IP rate-limit counters, kept in the database so they hold across instances. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Failed sign-in attempts per account, for the lockout rule (ARCHITECTURE §4.8). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_attempts_email_idx').on(table.email, table.attemptedAt)],
);

// ── Per-user settings (spec §3 User settings; ARCHITECTURE §4.2) ──

export const userSettings = pgTable('user_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxEvents: integer('max_events').notNull().default(10),
  /**
   * The user's ideas not yet sent, kept by the `events_track_open` trigger (migration 0001), which
   * refuses a change that takes it over `max_events` (ARCHITECTURE §4.5).
   */
  openEvents: integer('open_events').notNull().default(0),
  /**
   * Moves whenever the user's ideas or `max_events` change (the same trigger): the ideas list is
   * answered from a cache for as long as it stays put (features/events/events-list-cache.ts).
   */
  eventsVersion: integer('events_version').notNull().default(0),
  monthlyShareLimit: integer('monthly_share_limit').notNull().default(10),
  locale: text('locale'),
  theme: text('theme'),
  timeZone: text('time_zone'),
  schedule: jsonb('schedule'),
  aiConfig: jsonb('ai_config'),
  emailSettings: jsonb('email_settings'),
  /** The user's own email-provider key, AES-256-GCM with the server secret; never returned. */
  emailApiKeyEncrypted: text('email_api_key_encrypted'),
  voiceSample: text('voice_sample'),
  nextScheduledRunAt: timestamp('next_scheduled_run_at', { withTimezone: true }),
  lastScheduledRun: jsonb('last_scheduled_run'),
  ...timestamps,
});

// ── Contacts (spec §3 Contact) ──

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
    ...timestamps,
  },
  (table) => [index('contacts_user_id_idx').on(table.userId, table.createdAt)],
);

// ── Events / ideas (spec §3 Event / idea) ──

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    date: timestamp('date', { withTimezone: true }),
    eventType: text('event_type'),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isAudioRecording: boolean('is_audio_recording').notNull().default(false),
    sharedWith: jsonb('shared_with')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('raw_ideas'),
    preferences: jsonb('preferences'),
    ...timestamps,
  },
  (table) => [index('events_user_id_idx').on(table.userId, table.createdAt)],
);

// ── Email-structure templates (spec §3 Summary / email structure template) ──

export const summaryTemplates = pgTable(
  'summary_templates',
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
  (table) => [index('summary_templates_user_id_idx').on(table.userId)],
);

// ── Pending shares (spec §3 Pending share) ──

export const pendingShares = pgTable(
  'pending_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    eventsIds: jsonb('events_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    events: jsonb('events')
      .notNull()
      .default(sql`'[]'::jsonb`),
    contactIds: jsonb('contact_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    summaries: jsonb('summaries')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    templateId: text('template_id'),
    subject: text('subject'),
    source: text('source').notNull().default('manual'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('pending_shares_user_id_idx').on(table.userId, table.createdAt),
    index('pending_shares_sent_at_idx').on(table.userId, table.sentAt),
  ],
);

// ── Email deliveries: one row per share × recipient (ARCHITECTURE §4.11) ──

export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id').references(() => pendingShares.id, { onDelete: 'cascade' }),
    contactId: text('contact_id'),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('email_deliveries_share_idx').on(table.shareId),
    index('email_deliveries_user_idx').on(table.userId, table.createdAt),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_user_idx').on(table.userId, table.createdAt)],
);

// ── Contact Us / upgrade requests (spec §2 Contact Us) ──

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

// ── Instance-wide settings (one row per key), e.g. the public address links in emails are built from ──

export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  rateLimits,
  loginAttempts,
  userSettings,
  contacts,
  events,
  summaryTemplates,
  pendingShares,
  emailDeliveries,
  outboxMessages,
  contactMessages,
  instanceSettings,
};
