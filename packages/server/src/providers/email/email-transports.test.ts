import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { resendError, startResendApi } from '../../../test/doubles/resend.ts';
import { sendgridError, startSendgridApi } from '../../../test/doubles/sendgrid.ts';
import { startSmtpServer } from '../../../test/doubles/smtp.ts';
import {
  PermanentEmailError,
  TransientEmailError,
  createSendBudget,
  isPermanentHttpStatus,
  type InlineImage,
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

describe('the moment a message is accepted', () => {
  it("SMTP: told at the server's 250 to DATA, before send resolves and before the next mail starts", async () => {
    const events: string[] = [];
    const smtp = await startSmtpServer({
      onMessage: async (mail) => {
        events.push(`server has ${mail.subject}`);
        return undefined;
      },
    });
    cleanups.push(smtp.close);
    // A budget of one byte: each mail waits for the one before it to be done.
    const transport = createSmtpTransport(smtp.url, createSendBudget(1));
    cleanups.push(() => transport.close());
    const send = (subject: string) =>
      transport
        .send({ ...message, subject, messageId: `<${subject}@life.test>` }, (accepted) =>
          events.push(`accepted ${accepted.messageId}`),
        )
        .then(() => events.push(`resolved ${subject}`));
    await Promise.all([send('first'), send('second')]);
    expect(events).toEqual([
      'server has first',
      'accepted <first@life.test>',
      'resolved first',
      'server has second',
      'accepted <second@life.test>',
      'resolved second',
    ]);
  });

  it('SendGrid: told at the 202, before the budget lets the next mail go; a refused mail is never accepted', async () => {
    const api = await startSendgridApi({
      answer: (_request, index) => (index === 1 ? sendgridError(400, 'Bad request') : undefined),
    });
    cleanups.push(api.close);
    const events: string[] = [];
    const transport = createSendgridTransport({
      apiKey: 'SG.test-key-123456',
      baseUrl: api.url,
      budget: createSendBudget(1),
    });
    const send = (to: string) =>
      transport
        .send({ ...message, to }, () => events.push(`accepted ${to}`))
        .then(
          () => events.push(`resolved ${to}`),
          () => events.push(`refused ${to}`),
        );
    await Promise.all([send('one@example.com'), send('two@example.com'), send('three@example.com')]);
    expect(events).toEqual([
      'accepted one@example.com',
      'resolved one@example.com',
      'refused two@example.com',
      'accepted three@example.com',
      'resolved three@example.com',
    ]);
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

describe('inline images (the photos of a share)', () => {
  const image = async (colour: string): Promise<InlineImage> => ({
    contentId: `photo-${colour.slice(1)}@life-updates`,
    filename: `photo-${colour.slice(1)}.jpg`,
    contentType: 'image/jpeg',
    content: await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  });
  const withImages = async () => {
    const images = [await image('#ff0000'), await image('#0000ff')];
    return {
      images,
      email: {
        ...message,
        html: images.map((item) => `<img src="cid:${item.contentId}" alt="">`).join(''),
        inlineImages: images,
      },
    };
  };

  it('SMTP: each image in the message with its Content-ID, inline', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const transport = createSmtpTransport(smtp.url);
    cleanups.push(() => transport.close());
    const { images, email } = await withImages();
    await transport.send(email);
    const { mail } = smtp.received[0]!;
    expect(
      mail.attachments.map((item) => ({
        cid: item.cid,
        disposition: item.contentDisposition,
        type: item.contentType,
        filename: item.filename,
        content: item.content.toString('base64'),
      })),
    ).toEqual(
      images.map((item) => ({
        cid: item.contentId,
        disposition: 'inline',
        type: 'image/jpeg',
        filename: item.filename,
        content: item.content.toString('base64'),
      })),
    );
  });

  it('SendGrid: attachments with Base64 content, type, filename, disposition inline and content_id', async () => {
    const api = await startSendgridApi();
    cleanups.push(api.close);
    const transport = createSendgridTransport({ apiKey: 'SG.test-key-123456', baseUrl: api.url });
    const { images, email } = await withImages();
    await transport.send(email);
    expect((api.requests[0]!.body as { attachments: unknown }).attachments).toEqual(
      images.map((item) => ({
        content: item.content.toString('base64'),
        filename: item.filename,
        type: 'image/jpeg',
        disposition: 'inline',
        content_id: item.contentId,
      })),
    );
  });

  it('the SendGrid double refuses what SendGrid refuses: content not Base64, an inline image without content_id', async () => {
    const api = await startSendgridApi();
    cleanups.push(api.close);
    const post = (attachment: object) =>
      fetch(`${api.url}/v3/mail/send`, {
        method: 'POST',
        headers: { authorization: 'Bearer SG.key', 'content-type': 'application/json' },
        body: JSON.stringify({
          personalizations: [{ to: [{ email: 'bob@example.com' }] }],
          from: { email: 'noreply@life.test' },
          subject: 'News',
          content: [{ type: 'text/plain', value: 'Hi' }],
          attachments: [attachment],
        }),
      });
    const { images } = await withImages();
    // What the official client sends for a Buffer with disposition inline: the bytes as UTF-8 text.
    const asText = await post({
      content: images[0]!.content.toString(),
      filename: 'a.jpg',
      disposition: 'inline',
      content_id: 'a',
    });
    expect(asText.status).toBe(400);
    expect(await asText.json()).toEqual({
      errors: [
        { field: 'attachments.0.content', message: 'The attachment content must be base64 encoded.', help: null },
      ],
    });
    const withoutId = await post({
      content: images[0]!.content.toString('base64'),
      filename: 'a.jpg',
      disposition: 'inline',
    });
    expect(withoutId.status).toBe(400);
    const fine = await post({
      content: images[0]!.content.toString('base64'),
      filename: 'a.jpg',
      disposition: 'inline',
      content_id: 'a',
    });
    expect(fine.status).toBe(202);
  });

  it('Resend: attachments with Base64 content, filename, content type and content_id; a retry is the same request', async () => {
    const api = await startResendApi();
    cleanups.push(api.close);
    const transport = createResendTransport({ apiKey: 're_' + 'k'.repeat(47), baseUrl: api.url });
    const { images, email } = await withImages();
    const first = await transport.send({ ...email, messageId: '<photos-1@life.test>' });
    expect((api.requests[0]!.body as { attachments: unknown }).attachments).toEqual(
      images.map((item) => ({
        content: item.content.toString('base64'),
        filename: item.filename,
        content_type: 'image/jpeg',
        content_id: item.contentId,
      })),
    );
    // The same images read again make the same payload: Resend answers with the first email's id.
    const again = await transport.send({
      ...email,
      inlineImages: images.map((item) => ({ ...item, content: Buffer.from(item.content) })),
      messageId: '<photos-1@life.test>',
    });
    expect(again).toEqual(first);
    expect(api.emails).toHaveLength(1);
  });

  it('the Resend double refuses an attachment without content or path, and content that is not Base64', async () => {
    const api = await startResendApi();
    cleanups.push(api.close);
    const post = (attachment: object) =>
      fetch(`${api.url}/emails`, {
        method: 'POST',
        headers: { authorization: 'Bearer re_key', 'content-type': 'application/json' },
        body: JSON.stringify({ from: 'a@life.test', to: 'b@example.com', subject: 'News', attachments: [attachment] }),
      });
    const empty = await post({ filename: 'a.jpg' });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ name: 'invalid_attachment' });
    expect((await post({ filename: 'a.jpg', content: 'not base64!' })).status).toBe(422);
    expect((await post({ filename: 'a.jpg', content: 'aGk=', content_id: 'x'.repeat(128) })).status).toBe(422);
    expect((await post({ filename: 'a.jpg', content: 'aGk=', content_id: 'photo' })).status).toBe(200);
  });
});

describe('the budget of bytes in flight', () => {
  const megabyte = 1024 * 1024;
  /** A mail to `to` with one inline image of `bytes` (about 4/3 of that in Base64). */
  const photoMail = (to: string, bytes: number): OutgoingEmail => ({
    ...message,
    to,
    html: '<img src="cid:photo@life-updates" alt="">',
    inlineImages: [
      {
        contentId: 'photo@life-updates',
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
        content: randomBytes(bytes),
      },
    ],
  });
  const recipients = (api: { requests: Array<{ body: unknown }> }) =>
    api.requests.map(
      (request) =>
        (request.body as { personalizations: Array<{ to: [{ email: string }] }> }).personalizations[0]!.to[0].email,
    );

  it('the transports sharing a budget never have more than it at the API; every mail goes once', async () => {
    const api = await startSendgridApi({ answerDelayMs: 100 });
    cleanups.push(api.close);
    const budget = createSendBudget(3 * megabyte);
    // The server's transport and a user's own, sending side by side as a share's batch does.
    const transports = [1, 2].map(() =>
      createSendgridTransport({ apiKey: 'SG.test-key-123456', baseUrl: api.url, budget }),
    );
    const addresses = Array.from({ length: 8 }, (_, index) => `reader${index}@example.com`);
    await Promise.all(addresses.map((to, index) => transports[index % 2]!.send(photoMail(to, megabyte))));
    // Each body is about 1.34 MB: two fit in 3 MB, a third does not.
    expect(api.load.peakBytesInFlight).toBeGreaterThan(2.6 * megabyte);
    expect(api.load.peakBytesInFlight).toBeLessThanOrEqual(3 * megabyte);
    expect(recipients(api).sort()).toEqual(addresses.sort());
  });

  it('a failed send gives its share back; a mail larger than the whole budget goes alone', async () => {
    const api = await startSendgridApi({
      answerDelayMs: 50,
      answer: (_request, index) => (index < 2 ? sendgridError(500, 'Internal error') : undefined),
    });
    cleanups.push(api.close);
    const budget = createSendBudget(3 * megabyte);
    const transport = createSendgridTransport({ apiKey: 'SG.test-key-123456', baseUrl: api.url, budget });
    const failed = await Promise.allSettled([
      transport.send(photoMail('first@example.com', megabyte)),
      transport.send(photoMail('second@example.com', megabyte)),
    ]);
    expect(failed.map((result) => result.status === 'rejected' && result.reason)).toEqual([
      expect.any(TransientEmailError),
      expect.any(TransientEmailError),
    ]);
    // It needs the whole budget: had a failure kept its share, it would wait for ever.
    api.load.peakBytesInFlight = 0;
    await Promise.all([
      transport.send(photoMail('large@example.com', 3 * megabyte)),
      transport.send(photoMail('small@example.com', 100 * 1024)),
    ]);
    expect(recipients(api).slice(2)).toEqual(['large@example.com', 'small@example.com']);
    expect(api.load.peakBytesInFlight).toBeGreaterThan(4 * megabyte);
    expect(api.load.peakBytesInFlight).toBeLessThan(4.1 * megabyte);
  });
});
