import { pickLocale, translate } from '@life-updates/contract/i18n';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { userSettings } from '../../db/schema.ts';
import type { EmailTransport } from '../../providers/email/email-transport.ts';

/** The account emails, each a subject and body under `accountMail.<kind>` in the catalogues. */
export type AccountMailKind =
  | 'resetPassword'
  | 'passwordReset'
  | 'verifyEmail'
  | 'confirmNewEmail'
  | 'emailChangeRequested'
  | 'emailChanged'
  | 'accountDeleted'
  | 'registerAttempt';

export type SendAccountMail = (message: {
  user: { id: string; name: string };
  /** The address it goes to (the account's, or the new one being confirmed). */
  to: string;
  kind: AccountMailKind;
  values?: Record<string, string>;
  /** The one-time link in it, logged when mail stays in the outbox (there is no inbox to read it in). */
  link?: string;
  /** The language, when the account is gone already (else read from its settings). */
  locale?: string | null;
}) => Promise<void>;

/** Account emails (reset, confirmations, notices) in the user's language, through the configured transport. */
export function createAccountMail({
  config,
  db,
  mailer,
  log,
}: {
  config: Config;
  db: Database;
  mailer: EmailTransport;
  log: FastifyBaseLogger;
}): SendAccountMail {
  return async ({ user, to, kind, values = {}, link, locale: knownLocale }) => {
    const [settings] =
      knownLocale === undefined
        ? await db.select({ locale: userSettings.locale }).from(userSettings).where(eq(userSettings.userId, user.id))
        : [{ locale: knownLocale }];
    const locale = pickLocale(settings?.locale);
    // A deleted account's mail has no owner left to show it to.
    const owner = kind === 'accountDeleted' ? undefined : user.id;
    const allValues = { name: user.name, ...values, ...(link ? { url: link } : {}) };
    if (!mailer.isExternal && link) {
      log.info({ userId: user.id, kind, link }, 'account email kept in the outbox: its link is here');
    }
    await mailer.send({
      from: config.MAIL_FROM,
      to,
      subject: translate(`accountMail.${kind}.subject`, locale),
      text: translate(`accountMail.${kind}.body`, locale, allValues),
      userId: owner,
    });
  };
}
