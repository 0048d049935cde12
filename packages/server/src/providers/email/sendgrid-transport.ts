import type { Client as SendgridClient } from '@sendgrid/client';
import type { MailDataRequired, MailService } from '@sendgrid/mail';
import {
  base64Of,
  createLoadedTransport,
  headersOf,
  httpEmailError,
  type EmailTransport,
  type SendBudget,
} from './email-transport.ts';

type SendgridError = Error & { code?: number; response?: { body?: { errors?: Array<{ message?: string }> } } };

/** SendGrid's v3 mail API through its official client; `baseUrl` points it elsewhere (tests, proxies). */
export function createSendgridTransport({
  apiKey,
  baseUrl,
  budget,
}: {
  apiKey: string;
  baseUrl?: string | undefined;
  budget?: SendBudget;
}): EmailTransport {
  return createLoadedTransport({
    kind: 'sendgrid',
    budget,
    load: async (): Promise<MailService> => {
      const [{ default: clientModule }, { default: mailModule }] = await Promise.all([
        import('@sendgrid/client'),
        import('@sendgrid/mail'),
      ]);
      // CommonJS modules whose classes hang off the exported singleton (their typings say otherwise).
      const { Client } = clientModule as unknown as { Client: typeof SendgridClient };
      const { MailService: Service } = mailModule as unknown as { MailService: typeof MailService };
      const client = new Client();
      // Set the header directly: setApiKey() warns on the console for keys without the SG. prefix.
      client.setDefaultHeader('Authorization', `Bearer ${apiKey}`);
      if (baseUrl) client.setDefaultRequest('baseUrl', baseUrl);
      const mail = new Service();
      mail.setClient(client);
      mail.setTimeout(30_000);
      return mail;
    },
    async send(mail, message) {
      const headers = headersOf(message);
      try {
        const [response] = await mail.send({
          from: { email: message.from, ...(message.fromName ? { name: message.fromName } : {}) },
          to: message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(headers ? { headers } : {}),
          // https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send (attachments):
          // `content` Base64, `disposition: inline` and `content_id` for a `cid:` image. Both are
          // written as the API spells them: the client sends a Buffer of an inline attachment as
          // UTF-8 text rather than Base64, and passes the attachments array on without turning
          // `contentId` into `content_id` (its key conversion skips arrays), so the image would
          // arrive without its Content-ID.
          ...(message.inlineImages?.length
            ? {
                // The client's typings know only `contentId`.
                attachments: message.inlineImages.map((image) => ({
                  content: base64Of(image),
                  filename: image.filename,
                  type: image.contentType,
                  disposition: 'inline',
                  content_id: image.contentId,
                })) as unknown as MailDataRequired['attachments'],
              }
            : {}),
          // SendGrid's subscription tracking would add its own unsubscribe footer and List-Unsubscribe
          // header, whose clicks never reach this app; ours (RFC 8058, on update emails) is the only one.
          // https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send (tracking_settings),
          // and segmentio/action-destinations#1949, which turns it off for the same reason.
          trackingSettings: { subscriptionTracking: { enable: false } },
        });
        const messageId = response.headers['x-message-id'];
        return { messageId: typeof messageId === 'string' ? messageId : '' };
      } catch (error) {
        const failure = error as SendgridError;
        const status = typeof failure.code === 'number' ? failure.code : undefined;
        const detail = failure.response?.body?.errors?.map((item) => item.message).join('; ') || failure.message;
        // No `cause`: a client error without a response carries the request, Authorization header included.
        throw httpEmailError('SendGrid', status, detail);
      }
    },
  });
}
