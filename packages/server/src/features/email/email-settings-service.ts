import {
  normaliseWebhookKey,
  storedEmailSettingsSchema,
  validateEmailSettings,
  type EmailProvider,
  type EmailSettingsIssue,
  type EmailSettingsResponse,
  type EmailSettingsUpdate,
  type StoredEmailSettings,
} from '@life-updates/contract/email';
import { emailSettingsUpdateSchema } from '@life-updates/contract/email';
import { pickLocale, type Locale } from '@life-updates/contract/i18n';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users, userSettings } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';
import { notFound } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/uuid.ts';
import { PermanentEmailError, type EmailTransport } from '../../providers/email/email-transport.ts';
import { createResendTransport } from '../../providers/email/resend-transport.ts';
import { createSendgridTransport } from '../../providers/email/sendgrid-transport.ts';
import { setEmailSettings, updateSettings } from '../settings/settings-service.ts';

/** Settings → Email input that breaks the form's rules; the route translates the issues. */
export class EmailSettingsValidationError extends Error {
  constructor(readonly issues: EmailSettingsIssue[]) {
    super('invalid email settings');
  }
}

async function readSettingsRow({ db, userId }: { db: Database; userId: string }) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      emailSettings: userSettings.emailSettings,
      emailApiKeyEncrypted: userSettings.emailApiKeyEncrypted,
      emailWebhookId: userSettings.emailWebhookId,
      emailWebhookKeyEncrypted: userSettings.emailWebhookKeyEncrypted,
      locale: userSettings.locale,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  // Tolerate a stored value from an older shape: unknown or broken fields fall back to defaults.
  const parsed = storedEmailSettingsSchema.safeParse(row.emailSettings ?? {});
  const settings: StoredEmailSettings = parsed.success ? parsed.data : storedEmailSettingsSchema.parse({});
  return { ...row, settings, senderName: settings.senderName.trim() || row.name, locale: pickLocale(row.locale) };
}

/**
 * Who the user's emails to their contacts are from: the sender name from Settings → Email, else
 * the account name; and the language those emails are written in.
 */
export async function readSenderIdentity({ db, userId }: UserScope<Database>) {
  const { senderName, locale } = await readSettingsRow({ db, userId });
  return { senderName, locale };
}

/** Where the public address is read from, to show the user their webhook address. */
type LinkOrigin = { forLinks(): Promise<string> };

export async function getEmailSettings({
  db,
  config,
  publicAddress,
  userId,
}: UserScope<Database> & { config: Config; publicAddress: LinkOrigin }): Promise<EmailSettingsResponse> {
  const row = await readSettingsRow({ db, userId });
  const hasApiKey = row.emailApiKeyEncrypted !== null && row.emailApiKeyEncrypted !== undefined;
  // Only an account of the user's own has events of its own to post here (webhook-routes.ts).
  const webhookUrl =
    hasApiKey && row.emailWebhookId
      ? `${await publicAddress.forLinks()}/api/webhooks/${row.settings.provider}/${row.emailWebhookId}`
      : null;
  return {
    ...row.settings,
    hasApiKey,
    hasWebhookKey: row.emailWebhookKeyEncrypted !== null && row.emailWebhookKeyEncrypted !== undefined,
    webhookUrl,
    forcedSenderEmail: config.MAIL_FROM,
    accountName: row.name,
    accountEmail: row.email,
  };
}

/**
 * Saves Settings → Email. An empty key keeps the stored one; a new key is stored encrypted. The same
 * holds for the webhook key, except that a change of provider drops it (it verifies only the
 * provider it came from).
 */
export async function saveEmailSettings({
  db,
  config,
  publicAddress,
  secretBox,
  userId,
  update,
}: UserScope<Database> & {
  config: Config;
  publicAddress: LinkOrigin;
  secretBox: SecretBox;
  update: EmailSettingsUpdate;
}): Promise<EmailSettingsResponse> {
  const input = emailSettingsUpdateSchema.parse(update);
  const current = await readSettingsRow({ db, userId });
  const hasStoredApiKey = current.emailApiKeyEncrypted !== null && current.emailApiKeyEncrypted !== undefined;
  const issues = validateEmailSettings(input, { hasStoredApiKey });
  if (issues.length > 0) throw new EmailSettingsValidationError(issues);
  const settings: StoredEmailSettings = {
    senderName: input.senderName,
    replyTo: input.replyTo,
    provider: input.provider,
    // SendGrid mail always leaves from the product address; keep no address that is not used.
    senderEmail: input.provider === 'resend' ? input.senderEmail : '',
  };
  const apiKey = input.apiKey?.trim();
  const webhookKey = normaliseWebhookKey(input.webhookKey ?? '');
  const isOtherProvider = input.provider !== current.settings.provider;
  await setEmailSettings({
    db,
    userId,
    emailSettings: settings,
    emailApiKeyEncrypted: apiKey ? secretBox.encrypt(apiKey) : undefined,
    emailWebhookKeyEncrypted: webhookKey ? secretBox.encrypt(webhookKey) : isOtherProvider ? null : undefined,
  });
  return getEmailSettings({ db, config, publicAddress, userId });
}

/**
 * Forgets the user's own key: their mail goes through the server's transport again. The webhook key
 * goes with it: there is no account of theirs left whose events to verify.
 */
export async function removeEmailApiKey({
  db,
  config,
  publicAddress,
  userId,
}: UserScope<Database> & { config: Config; publicAddress: LinkOrigin }): Promise<EmailSettingsResponse> {
  await updateSettings({ db, userId, values: { emailApiKeyEncrypted: null, emailWebhookKeyEncrypted: null } });
  return getEmailSettings({ db, config, publicAddress, userId });
}

/**
 * The account behind a user's own webhook address: whose it is, which provider it was given for,
 * and the key that verifies its events (decrypted). Null when the id is unknown, the user has no
 * own provider key or no webhook key, or the address is for the other provider; also when the key
 * cannot be decrypted (the server secret changed since it was saved).
 */
export async function getWebhookAccount({
  db,
  secretBox,
  provider,
  webhookId,
}: {
  db: Database;
  secretBox: SecretBox;
  provider: EmailProvider;
  webhookId: string;
}): Promise<{ userId: string; webhookKey: string } | null> {
  if (!isUuid(webhookId)) return null;
  const [row] = await db
    .select({
      userId: userSettings.userId,
      emailSettings: userSettings.emailSettings,
      emailApiKeyEncrypted: userSettings.emailApiKeyEncrypted,
      emailWebhookKeyEncrypted: userSettings.emailWebhookKeyEncrypted,
    })
    .from(userSettings)
    .where(eq(userSettings.emailWebhookId, webhookId));
  if (!row?.emailApiKeyEncrypted || !row.emailWebhookKeyEncrypted) return null;
  const parsed = storedEmailSettingsSchema.safeParse(row.emailSettings ?? {});
  if (!parsed.success || parsed.data.provider !== provider) return null;
  try {
    return { userId: row.userId, webhookKey: secretBox.decrypt(row.emailWebhookKeyEncrypted) };
  } catch {
    return null;
  }
}

export type Sender = {
  transport: EmailTransport;
  /** True when the user's own provider key is used (the transport is theirs, made for this send). */
  isUserTransport: boolean;
  from: string;
  replyTo: string;
  senderName: string;
  locale: Locale;
};

/**
 * Who a user's mail is from and how it leaves: their own provider key from
 * Settings → Email when set, else the server's transport. From is MAIL_FROM (always for SendGrid;
 * Resend uses the user's verified sender address); Reply-To is their setting or account email; the
 * display name is their sender name or account name.
 */
export async function resolveSender({
  db,
  config,
  secretBox,
  serverTransport,
  userId,
}: UserScope<Database> & { config: Config; secretBox: SecretBox; serverTransport: EmailTransport }): Promise<Sender> {
  const row = await readSettingsRow({ db, userId });
  const base = {
    senderName: row.senderName,
    replyTo: row.settings.replyTo.trim() || row.email,
    locale: row.locale,
  };
  if (!row.emailApiKeyEncrypted) {
    return { ...base, transport: serverTransport, isUserTransport: false, from: config.MAIL_FROM };
  }
  let apiKey: string;
  try {
    apiKey = secretBox.decrypt(row.emailApiKeyEncrypted);
  } catch (error) {
    // The server secret changed since the key was saved: only saving the key again helps.
    throw new PermanentEmailError('The saved email provider key cannot be read; save it again in Settings → Email.', {
      cause: error,
    });
  }
  if (row.settings.provider === 'resend') {
    const transport = createResendTransport({ apiKey, baseUrl: config.RESEND_BASE_URL });
    return { ...base, transport, isUserTransport: true, from: row.settings.senderEmail || config.MAIL_FROM };
  }
  const transport = createSendgridTransport({ apiKey, baseUrl: config.SENDGRID_BASE_URL });
  return { ...base, transport, isUserTransport: true, from: config.MAIL_FROM };
}

/** How this user's mail leaves: their own provider, else the server's transport (the UI says when mail stays here). */
export async function getTransportInfo({
  db,
  userId,
  serverTransport,
}: UserScope<Database> & { serverTransport: EmailTransport }) {
  const row = await readSettingsRow({ db, userId });
  if (row.emailApiKeyEncrypted) return { kind: row.settings.provider, isExternal: true };
  return { kind: serverTransport.kind, isExternal: serverTransport.isExternal };
}
