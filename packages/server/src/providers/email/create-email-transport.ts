import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EmailTransport } from './email-transport.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';

/** The server-wide transport: SMTP when configured, else the outbox. */
export function createEmailTransport(config: Config, db: Database): EmailTransport {
  if (config.SMTP_URL) return createSmtpTransport(config.SMTP_URL);
  return createOutboxTransport(db);
}
