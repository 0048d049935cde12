import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

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
 */
export async function startSmtpServer({ acceptDelayMs = 0 }: { acceptDelayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
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
      simpleParser(stream)
        .then(async (mail) => {
          if (acceptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs));
          // Recorded even if the sender has gone meanwhile: like a real server, it keeps what it received.
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
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
    rules,
    /** Messages to one address. */
    to: (address: string) => received.filter((item) => item.envelopeTo.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };

/**
 * A local HTTP server speaking a provider's wire protocol (SendGrid, Resend). `respond` decides the
 * answer to each request; every request is recorded.
 */
export async function startHttpStub(
  respond: (
    request: RecordedRequest,
    index: number,
  ) => { status: number; body?: unknown; headers?: Record<string, string> },
) {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text
      }
      const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      requests.push(recorded);
      const answer = respond(recorded, requests.length - 1);
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
