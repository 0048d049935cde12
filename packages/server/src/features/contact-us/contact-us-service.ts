import { contactFormSubject, type ContactUsForm } from '@life-updates/contract/email';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { EmailTransport } from '../../providers/email/email-transport.ts';

/**
 * Contact Us: the message is stored (admins read it in the app) and
 * emailed to SUPPORT_EMAIL with the sender as Reply-To. A mail failure is logged, not shown: the
 * message is already kept.
 */
export async function submitContactMessage({
  db,
  config,
  mailer,
  log,
  userId,
  form,
}: {
  db: Database;
  config: Config;
  mailer: EmailTransport;
  log: FastifyBaseLogger;
  userId: string | null;
  form: ContactUsForm;
}) {
  const subject = form.subject.replace(/[\r\n]+/g, ' ');
  const [stored] = await db
    .insert(contactMessages)
    .values({ userId, name: form.name, email: form.email, subject, message: form.message })
    .returning({ id: contactMessages.id });
  try {
    await mailer.send({
      from: config.MAIL_FROM,
      to: config.SUPPORT_EMAIL,
      replyTo: form.email,
      subject: contactFormSubject(subject),
      text: `Name: ${form.name}\nEmail: ${form.email}\nMessage: ${form.message}\n`,
    });
  } catch (error) {
    log.warn({ err: error, contactMessageId: stored?.id }, 'contact message stored but not emailed to support');
  }
}
