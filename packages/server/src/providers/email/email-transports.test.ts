import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { resendError, startResendApi } from '../../../test/doubles/resend.ts';
import { sendgridError, startSendgridApi } from '../../../test/doubles/sendgrid.ts';
import { startSmtpServer } from '../../../test/doubles/smtp.ts';
import {
  PermanentEmailError,
  TransientEmailError,
  isPermanentHttpStatus,
  type OutgoingEmail,
} from './email-transport.ts';
import { createResendTransport } from './resend-transport.ts';
import { createSendgridTransport } from './sendgrid-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';

const message: OutgoingEmail = {
  from: 'noreply@life.test',
  fromName: 'Ann "the" Lee',
  to: 'bob@example.com',
  replyTo: 'ann@example.com',
  subject: 'News',
  text: 'Hello Bob',
  html: '<p>Hello Bob</p>',
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe('error classification', () => {
  it.each([
    [400, true],
    [401, true],
    [403, true],
    [404, true],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
  ])('HTTP %i is permanent: %s', (status, expected) => {
    expect(isPermanentHttpStatus(status)).toBe(expected);
  });
});

const unsubscribeHeaders = {
  'List-Unsubscribe': '<https://life.test/u/token>',
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
};

describe('SendGrid transport', () => {
  it('passes extra headers (List-Unsubscribe) in the request body', async () => {
    const api = await startSendgridApi();
    cleanups.push(api.close);
    const transport = createSendgridTransport({ apiKey: 'SG.test-key-123456', baseUrl: api.url });
    await transport.send({ ...message, headers: unsubscribeHeaders });
    expect(api.requests[0]!.body).toMatchObject({ headers: unsubscribeHeaders });
  });

  it('posts /v3/mail/send with the bearer key, sender, reply-to, subject and both parts', async () => {
    const api = await startSendgridApi();
    cleanups.push(api.close);
    const transport = createSendgridTransport({ apiKey: 'SG.test-key-123456', baseUrl: api.url });
    const result = await transport.send(message);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v3/mail/send' });
    expect(request!.headers.authorization).toBe('Bearer SG.test-key-123456');
    expect(request!.body).toMatchObject({
      from: { email: 'noreply@life.test', name: 'Ann "the" Lee' },
      reply_to: { email: 'ann@example.com' },
      subject: 'News',
      personalizations: [{ to: [{ email: 'bob@example.com' }] }],
      content: [
        { type: 'text/plain', value: 'Hello Bob' },
        { type: 'text/html', value: '<p>Hello Bob</p>' },
      ],
    });
    // The id events carry is the X-Message-Id SendGrid answered with.
    expect(result.messageId).toMatch(/^[\w-]{22}$/);
  });

  it('sends the fixed Message-ID as a header and turns SendGrid subscription tracking off', async () => {
    const api = await startSendgridApi();
    cleanups.push(api.close);
    const transport = createSendgridTransport({ apiKey: 'SG.test-key-123456', baseUrl: api.url });
    await transport.send({ ...message, headers: unsubscribeHeaders, messageId: '<fixed-1@life.test>' });
    // Account mail (no headers, no fixed id) is sent without SendGrid's unsubscribe links too.
    await transport.send(message);
    const [update, account] = api.requests.map((request) => request.body as Record<string, unknown>);
    expect(update).toMatchObject({
      headers: { ...unsubscribeHeaders, 'Message-ID': '<fixed-1@life.test>' },
      tracking_settings: { subscription_tracking: { enable: false } },
    });
    expect(account!.tracking_settings).toEqual({ subscription_tracking: { enable: false } });
    expect(account!.headers).toBeUndefined();
  });

  it('treats a rejected request as permanent and a rate limit or outage as transient', async () => {
    const statuses = [400, 429, 503];
    const api = await startSendgridApi({
      answer: (_request, index) => sendgridError(statuses[index]!, `status ${statuses[index]}`),
    });
    cleanups.push(api.close);
    const transport = createSendgridTransport({ apiKey: 'SG.test-key-123456', baseUrl: api.url });
    await expect(transport.send(message)).rejects.toBeInstanceOf(PermanentEmailError);
    await expect(transport.send(message)).rejects.toBeInstanceOf(TransientEmailError);
    const outage = await transport.send(message).catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(TransientEmailError);
    expect((outage as Error).message).toContain('status 503');
  });

  it('treats an unreachable API as transient', async () => {
    const transport = createSendgridTransport({ apiKey: 'SG.test-key-123456', baseUrl: 'http://127.0.0.1:1' });
    await expect(transport.send(message)).rejects.toBeInstanceOf(TransientEmailError);
  });
});

describe('Resend transport', () => {
  it('passes extra headers (List-Unsubscribe) in the request body', async () => {
    const api = await startResendApi();
    cleanups.push(api.close);
    const transport = createResendTransport({ apiKey: 're_' + 'k'.repeat(47), baseUrl: api.url });
    await transport.send({ ...message, headers: unsubscribeHeaders });
    expect(api.requests[0]!.body).toMatchObject({ headers: unsubscribeHeaders });
  });

  it('posts /emails with the bearer key, sender, reply-to, subject and both parts', async () => {
    const api = await startResendApi();
    cleanups.push(api.close);
    const transport = createResendTransport({ apiKey: 're_' + 'k'.repeat(47), baseUrl: api.url });
    const result = await transport.send(message);
    // The id events carry is the one Resend answered with.
    expect(result).toEqual({ messageId: api.emails[0]!.id });
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/emails' });
    expect(request!.headers.authorization).toBe(`Bearer re_${'k'.repeat(47)}`);
    expect(request!.body).toMatchObject({
      from: '"Ann \\"the\\" Lee" <noreply@life.test>',
      to: 'bob@example.com',
      reply_to: 'ann@example.com',
      subject: 'News',
      text: 'Hello Bob',
      html: '<p>Hello Bob</p>',
    });
  });

  it('sends the fixed Message-ID as a header and as the idempotency key: a retry is not a second email', async () => {
    const api = await startResendApi();
    cleanups.push(api.close);
    const transport = createResendTransport({ apiKey: 're_' + 'k'.repeat(47), baseUrl: api.url });
    const first = await transport.send({ ...message, messageId: '<fixed-2@life.test>' });
    const retry = await transport.send({ ...message, messageId: '<fixed-2@life.test>' });
    expect(retry).toEqual(first);
    expect(api.emails).toHaveLength(1);
    expect(api.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      '<fixed-2@life.test>',
      '<fixed-2@life.test>',
    ]);
    expect(api.requests[0]!.body).toMatchObject({ headers: { 'Message-ID': '<fixed-2@life.test>' } });
    // Without a fixed id (account mail) there is no key: each send is its own email.
    await transport.send(message);
    expect(api.requests[2]!.headers['idempotency-key']).toBeUndefined();
    expect(api.emails).toHaveLength(2);
  });

  it('retries a request whose key is still in progress; a key reused with another payload is refused for good', async () => {
    const answers = [
      resendError(
        409,
        'concurrent_idempotent_requests',
        'Same idempotency key used while original request is still in progress.',
      ),
      resendError(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.'),
    ];
    const api = await startResendApi({ answer: (_request, index) => answers[index] });
    cleanups.push(api.close);
    const transport = createResendTransport({ apiKey: 're_' + 'k'.repeat(47), baseUrl: api.url });
    const fixed = { ...message, messageId: '<fixed-3@life.test>' };
    await expect(transport.send(fixed)).rejects.toBeInstanceOf(TransientEmailError);
    await expect(transport.send(fixed)).rejects.toBeInstanceOf(PermanentEmailError);
  });

  it('classifies 422 as permanent, 429 and 500 as transient, and no connection as transient', async () => {
    const answers = [
      resendError(422, 'validation_error', 'status 422'),
      resendError(429, 'rate_limit_exceeded', 'status 429'),
      resendError(500, 'internal_server_error', 'status 500'),
    ];
    const api = await startResendApi({ answer: (_request, index) => answers[index] });
    cleanups.push(api.close);
    const transport = createResendTransport({ apiKey: 're_' + 'k'.repeat(47), baseUrl: api.url });
    await expect(transport.send(message)).rejects.toBeInstanceOf(PermanentEmailError);
    await expect(transport.send(message)).rejects.toBeInstanceOf(TransientEmailError);
    await expect(transport.send(message)).rejects.toBeInstanceOf(TransientEmailError);
    const offline = createResendTransport({ apiKey: 're_' + 'k'.repeat(47), baseUrl: 'http://127.0.0.1:1' });
    await expect(offline.send(message)).rejects.toBeInstanceOf(TransientEmailError);
  });
});

describe('SMTP transport', () => {
  it('delivers through a pooled connection and classifies 4xx as transient, 5xx as permanent', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const transport = createSmtpTransport(smtp.url);
    cleanups.push(() => transport.close());
    smtp.rules.set('later@example.com', { code: 451, message: 'Try again later' });
    smtp.rules.set('nobody@example.com', { code: 550, message: 'No such user' });
    await transport.send(message);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.mail.from?.value[0]).toEqual({ address: 'noreply@life.test', name: 'Ann "the" Lee' });
    await expect(transport.send({ ...message, to: 'later@example.com' })).rejects.toBeInstanceOf(TransientEmailError);
    const bounce = await transport.send({ ...message, to: 'nobody@example.com' }).catch((error: unknown) => error);
    expect(bounce).toBeInstanceOf(PermanentEmailError);
    // Refused at RCPT TO: the recipient's address bounces.
    expect((bounce as PermanentEmailError).isBounce).toBe(true);
    await transport.send({ ...message, headers: unsubscribeHeaders, messageId: '<fixed-4@life.test>' });
    const withHeaders = smtp.received.at(-1)!.mail;
    expect(withHeaders.messageId).toBe('<fixed-4@life.test>');
    expect(withHeaders.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
  });
});

describe('SMTP permanent refusals', () => {
  /** A server that refuses every message at one step with a 5xx reply. */
  async function refusingServer(step: 'mail' | 'data') {
    const refuse = (callback: (error?: Error) => void) =>
      callback(Object.assign(new Error('Refused for good'), { responseCode: step === 'mail' ? 550 : 554 }));
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onMailFrom: (_address, _session, callback) => (step === 'mail' ? refuse(callback) : callback()),
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => refuse(callback));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const transport = createSmtpTransport(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
    cleanups.push(() => transport.close());
    return transport;
  }

  it('a 5xx after DATA is a bounce; a 5xx at MAIL FROM is permanent but not the recipient’s fault', async () => {
    const data = await (await refusingServer('data')).send(message).catch((error: unknown) => error);
    expect(data).toBeInstanceOf(PermanentEmailError);
    expect((data as PermanentEmailError).isBounce).toBe(true);
    const mailFrom = await (await refusingServer('mail')).send(message).catch((error: unknown) => error);
    expect(mailFrom).toBeInstanceOf(PermanentEmailError);
    expect((mailFrom as PermanentEmailError).isBounce).toBe(false);
  });
});
