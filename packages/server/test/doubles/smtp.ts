import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * The SMTP stand-in is a real SMTP server (smtp-server), not an imitation: the protocol is the
 * library's. What this file chooses is only how it answers, and each choice follows RFC 5321:
 * - a refused recipient gets its reply at RCPT TO, 4xx for "try later" and 5xx for "never"
 *   (https://www.rfc-editor.org/rfc/rfc5321#section-4.2.1, §4.2.5: 4yz transient, 5yz permanent);
 * - a message counts as accepted only once the server answers 250 after DATA's final dot
 *   (https://www.rfc-editor.org/rfc/rfc5321#section-4.1.1.4); a sender that dies before it reads that
 *   reply cannot know, and sends it again: the duplicate RFC 1047 describes
 *   (https://www.rfc-editor.org/rfc/rfc1047), and 5 of 50 seen twice after a kill -9 during a send.
 */

export type ReceivedMail = { envelopeTo: string[]; mail: ParsedMail };

/** How the test SMTP server answers RCPT TO for an address. */
export type RecipientRule = { code: number; message: string; times?: number };

const firstAddress = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.value[0];

export const addressOf = (value: AddressObject | AddressObject[] | undefined) => firstAddress(value)?.address ?? '';
export const nameOf = (value: AddressObject | AddressObject[] | undefined) => firstAddress(value)?.name ?? '';

/**
 * A real SMTP server for tests (smtp-server), parsing each message with mailparser. Rules make it
 * refuse chosen recipients, a number of times or for good; `acceptDelayMs` makes it take that long to
 * accept each message, like a distant server, so that a large send lasts long enough to interrupt.
 * `onMessage` sees each parsed message before it is accepted and may refuse it after DATA by
 * returning a reply (RFC 5321 §4.2.5: the server may still refuse the whole message there).
 */
export async function startSmtpServer({
  acceptDelayMs = 0,
  onMessage,
}: {
  acceptDelayMs?: number;
  onMessage?: (mail: ParsedMail, envelopeTo: string[]) => Promise<{ code: number; message: string } | undefined>;
} = {}) {
  const received: ReceivedMail[] = [];
  /** Every message that reached the end of DATA, accepted or refused there (in arrival order). */
  const seen: ReceivedMail[] = [];
  const rules = new Map<string, RecipientRule>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const rule = rules.get(address.address.toLowerCase());
      if (rule && (rule.times === undefined || rule.times > 0)) {
        if (rule.times !== undefined) rule.times -= 1;
        return callback(Object.assign(new Error(rule.message), { responseCode: rule.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      // The HTML as sent: by default mailparser puts each inline image into the HTML as a data: URL
      // in place of its `cid:` link (https://nodemailer.com/extras/mailparser/#options, skipImageLinks).
      simpleParser(stream, { skipImageLinks: true })
        .then(async (mail) => {
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          seen.push({ envelopeTo, mail });
          const refusal = await onMessage?.(mail, envelopeTo);
          if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          if (acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs));
          // Recorded even if the sender has gone meanwhile: like a real server, it keeps what it received.
          received.push({ envelopeTo, mail });
          callback();
        })
        .catch(callback);
    },
  });
  // A sender that dies mid-message (the scale-out test kills an instance) resets its connection;
  // like a real server, this one drops that connection and carries on.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    seen,
    rules,
    /** Refuses an address for good at RCPT TO, as a server refuses an unknown mailbox (550 5.1.1). */
    refuse: (address: string) => rules.set(address.toLowerCase(), { code: 550, message: '5.1.1 Mailbox unavailable' }),
    /** Messages to one address (envelope addresses compared in lower case). */
    to: (address: string) => received.filter((item) => item.envelopeTo.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpDouble = Awaited<ReturnType<typeof startSmtpServer>>;
