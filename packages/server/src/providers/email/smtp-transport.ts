import nodemailer from 'nodemailer';
import { PermanentEmailError, type EmailTransport, type OutgoingEmail } from './email-transport.ts';

/** Any SMTP server, through a pooled nodemailer transport. */
export function createSmtpTransport(smtpUrl: string): EmailTransport {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  const transporter = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    isExternal: true,
    async send(message: OutgoingEmail) {
      try {
        const info = await transporter.sendMail({
          from: message.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        return { messageId: info.messageId };
      } catch (error) {
        const responseCode = (error as { responseCode?: number }).responseCode;
        // 5xx SMTP replies are permanent (RFC 5321 §4.2.1); 4xx and network errors are worth retrying.
        if (responseCode !== undefined && responseCode >= 500) throw new PermanentEmailError((error as Error).message);
        throw error;
      }
    },
    async close() {
      transporter.close();
    },
  };
}
