import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import { formatMailbox, type EmailTransport, type OutgoingEmail } from './email-transport.ts';

/**
 * The embedded default: messages are stored and listed in the app, nothing leaves the machine.
 * Inline images are not copied into the database (up to 10 MB a message, for every contact): the
 * photos stay in media storage, and the stored text part names each of them.
 */
export function createOutboxTransport(db: Database): EmailTransport {
  return {
    kind: 'outbox',
    isExternal: false,
    async send(message: OutgoingEmail) {
      const [row] = await db
        .insert(outboxMessages)
        .values({
          userId: message.userId ?? null,
          fromAddress: formatMailbox(message.from, message.fromName),
          toAddress: message.to,
          replyTo: message.replyTo ?? null,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          headers: message.headers ?? null,
        })
        .returning({ id: outboxMessages.id });
      return { messageId: row!.id };
    },
    async close() {},
  };
}
