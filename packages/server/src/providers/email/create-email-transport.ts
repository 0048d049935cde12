import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EmailTransport } from './email-transport.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createResendTransport } from './resend-transport.ts';
import { createSendgridTransport } from './sendgrid-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';

/** The server-wide transport: SMTP, else a server SendGrid or Resend key, else the outbox. */
export function createEmailTransport(config: Config, db: Database): EmailTransport {
  if (config.SMTP_URL) return createSmtpTransport(config.SMTP_URL);
  if (config.SENDGRID_API_KEY)
    return createSendgridTransport({ apiKey: config.SENDGRID_API_KEY, baseUrl: config.SENDGRID_BASE_URL });
  if (config.RESEND_API_KEY)
    return createResendTransport({ apiKey: config.RESEND_API_KEY, baseUrl: config.RESEND_BASE_URL });
  return createOutboxTransport(db);
}
