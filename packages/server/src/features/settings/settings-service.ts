import type { Locale } from '@life-updates/contract/i18n';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { UserScope } from '../../db/owned.ts';
import { userSettings } from '../../db/schema.ts';

/*
 * The one writer of `user_settings`: every feature that changes a user's settings row calls one of
 * these, each scoped to one user. Reads stay with the features that use the values. A setter
 * creates the row when it is missing (a user made before settings existed, or a race with sign-up).
 */

type SettingsValues = Omit<typeof userSettings.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** Writes `values` to the user's row, creating the row with them when there is none. */
export async function upsertSettings({ db, userId, values }: UserScope & { values: SettingsValues }) {
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
}

/** Writes `values` to the user's row when it exists (a scheduled run's own bookkeeping). */
export async function updateSettings({ db, userId, values }: UserScope & { values: SettingsValues }) {
  await db.update(userSettings).set(values).where(eq(userSettings.userId, userId));
}

/**
 * Makes sure the user has a settings row; an existing row is left as it is. `locale` is the language
 * a new row starts with (the one the browser asked for at sign-up).
 */
export async function ensureSettings({ db, userId, locale }: UserScope & { locale?: Locale | null }) {
  await db
    .insert(userSettings)
    .values({ userId, ...(locale === undefined ? {} : { locale }) })
    .onConflictDoNothing();
}

/**
 * Locks the user's settings row until the transaction ends (creating it first when missing): the
 * monthly-limit check holds it so that two sends cannot both pass.
 */
export async function lockSettingsRow({ tx, userId }: { tx: Executor; userId: string }) {
  await ensureSettings({ db: tx, userId });
  await tx.select({ id: userSettings.id }).from(userSettings).where(eq(userSettings.userId, userId)).for('update');
}

/** The limits an admin sets: shares per month and ideas not yet sent. Absent ones are kept. */
export async function setLimits({
  db,
  userId,
  limits,
}: UserScope & { limits: { monthlyShareLimit?: number; maxIdeas?: number } }) {
  const values = {
    ...(limits.monthlyShareLimit === undefined ? {} : { monthlyShareLimit: limits.monthlyShareLimit }),
    ...(limits.maxIdeas === undefined ? {} : { maxIdeas: limits.maxIdeas }),
  };
  if (Object.keys(values).length > 0) await upsertSettings({ db, userId, values });
}

/**
 * Settings → Email: the form's values and, when given, the user's own provider key and webhook key,
 * already encrypted (null forgets the webhook key).
 */
export async function setEmailSettings({
  db,
  userId,
  emailSettings,
  emailApiKeyEncrypted,
  emailWebhookKeyEncrypted,
}: UserScope & { emailSettings: unknown; emailApiKeyEncrypted?: string; emailWebhookKeyEncrypted?: string | null }) {
  await upsertSettings({
    db,
    userId,
    values: {
      emailSettings,
      ...(emailApiKeyEncrypted === undefined ? {} : { emailApiKeyEncrypted }),
      ...(emailWebhookKeyEncrypted === undefined ? {} : { emailWebhookKeyEncrypted }),
    },
  });
}

/**
 * Every user who had chosen `modelId` (a model an admin no longer offers) writes with `fallbackModelId`
 * from now on, and keeps `notice` (the model's name) until they have been told.
 */
export async function moveUsersOffModel({
  db,
  modelId,
  fallbackModelId,
  notice,
}: {
  db: Executor;
  modelId: string;
  fallbackModelId: string;
  notice: string;
}) {
  await db
    .update(userSettings)
    .set({
      aiConfig: sql`coalesce(${userSettings.aiConfig}, '{}'::jsonb) || ${JSON.stringify({ model: fallbackModelId })}::jsonb`,
      removedModelNotice: notice,
    })
    .where(sql`${userSettings.aiConfig}->>'model' = ${modelId}`);
}
