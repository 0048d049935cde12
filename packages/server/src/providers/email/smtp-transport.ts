import type { SendMailOptions, SentMessageInfo, Transporter } from 'nodemailer';
import {
  createLoadedTransport,
  PermanentEmailError,
  TransientEmailError,
  type EmailTransport,
  type SendBudget,
} from './email-transport.ts';

/** Any SMTP server, through a pooled nodemailer transport. */
export function createSmtpTransport(smtpUrl: string, budget?: SendBudget): EmailTransport {
  return createLoadedTransport({
    kind: 'smtp',
    budget,
    load: async (): Promise<Transporter> => {
      const { default: nodemailer } = await import('nodemailer');
      return nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        // Bounded, so a stuck server fails the attempt (and it is retried) well within the job's expiry.
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      });
    },
    async send(transporter, message, accepted) {
      const mail: SendMailOptions = {
        from: message.fromName ? { name: message.fromName, address: message.from } : message.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        // Each image inline, in a multipart/related part with the HTML that names its Content-ID
        // (https://nodemailer.com/message/embedded-images/).
        ...(message.inlineImages?.length
          ? {
              attachments: message.inlineImages.map((image) => ({
                filename: image.filename,
                content: image.content,
                contentType: image.contentType,
                cid: image.contentId,
                contentDisposition: 'inline' as const,
              })),
            }
          : {}),
        // nodemailer writes this as the Message-ID header instead of making one
        // (https://nodemailer.com/message/#more-advanced-fields) and reports it back as info.messageId.
        ...(message.messageId ? { messageId: message.messageId } : {}),
      };
      try {
        const info = await new Promise<SentMessageInfo>((resolve, reject) => {
          // The callback rather than the promise: nodemailer calls it as the server's 250 to DATA
          // comes in, before its pool hands the connection to the next message (smtp-pool's
          // pool-resource), so the acceptance is reported before anything else runs.
          transporter.sendMail(mail, (error, info: SentMessageInfo) => {
            if (error) return reject(error);
            accepted({ messageId: info.messageId });
            resolve(info);
          });
        });
        return { messageId: info.messageId };
      } catch (error) {
        const responseCode = (error as { responseCode?: number }).responseCode;
        const text = (error as Error).message;
        const command = (error as { command?: string }).command;
        // 5xx SMTP replies are permanent (RFC 5321 §4.2.1); 4xx and network errors are worth retrying.
        // Refused at RCPT TO or DATA, it is the recipient's address or mailbox: a bounce. Refused
        // earlier (MAIL FROM, AUTH), it is our side, and the contact is not to blame.
        if (responseCode !== undefined && responseCode >= 500)
          throw new PermanentEmailError(text, {
            status: responseCode,
            cause: error,
            isBounce: command === 'RCPT TO' || command === 'DATA',
          });
        throw new TransientEmailError(text, { status: responseCode, cause: error });
      }
    },
    close: (transporter) => transporter.close(),
  });
}
