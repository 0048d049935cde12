import { everyoneTextKey } from '@life-updates/contract/share-options';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  insertContacts,
  insertShare,
  startAppWithSmtp,
  waitForDeliveries,
} from '../../../test/doubles/email-fixtures.ts';
import { startResendApi } from '../../../test/doubles/resend.ts';
import { startSendgridApi } from '../../../test/doubles/sendgrid.ts';
import type { SmtpDouble } from '../../../test/doubles/smtp.ts';
import {
  addPhotos,
  cameraJpeg,
  describePhoto,
  plainPng,
  storedImage,
  type UploadFile,
} from '../../../test/photo-uploads.ts';
import { createTestApp, createUser, testBaseUrl, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { deliveries, outboxMessages } from '../../db/schema.ts';
import { createPhotoLinkToken } from '../photos/photo-link-token.ts';
import { maxInlineBytesPerEmail, maxInlinePhotoBytes } from './email-photos.ts';

let smtp: SmtpDouble;
let testApp: TestApp;
let closeApp: () => Promise<void>;
/** Addresses whose next message the SMTP server refuses after DATA with a 451 ("try again later"). */
const refuseOnce = new Set<string>();

beforeAll(async () => {
  ({
    smtp,
    testApp,
    close: closeApp,
  } = await startAppWithSmtp(
    { EMAIL_RETRY_LIMIT: '3' },
    {
      onMessage: async (_mail, envelopeTo) => {
        const address = envelopeTo.find((to) => refuseOnce.has(to));
        if (!address) return undefined;
        refuseOnce.delete(address);
        return { code: 451, message: '4.3.0 Try again later' };
      },
    },
  ));
});
afterAll(() => closeApp());
afterEach(() => refuseOnce.clear());

async function sendShare(user: TestUser, shareId: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/shares/${shareId}/send`,
    headers: user.headers,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return waitForDeliveries(testApp.app, user, shareId, 60_000);
}

/** The Content-IDs the HTML shows, in its order. */
const cidsIn = (html: string | false) => [...String(html).matchAll(/src="cid:([^"]+)"/g)].map((match) => match[1]);

const camera = (name: string, width: number, height: number, seed = 1): Promise<UploadFile> =>
  cameraJpeg({ width, height, seed }).then((bytes) => ({ name, bytes }));

describe('a share sent by email carries the photos of its ideas', () => {
  it.each([
    ['a summary for each contact', undefined],
    ['one text for everyone', { [everyoneTextKey]: 'Hello all,\n\nWe moved to Lisbon.\n\n[Your Name]' }],
  ])('%s: every mail has them inline under the text, with alt text and no EXIF', async (_kind, texts) => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db, { name: 'Ann Lee' });
    const people = await insertContacts(db, user.id, [
      { name: 'Bob', email: `bob.${user.id.slice(0, 8)}@example.com` },
      { name: 'Carol', email: `carol.${user.id.slice(0, 8)}@example.com` },
    ]);
    const { share, ideas } = await insertShare(db, user.id, people, texts ? { texts } : {});
    const [tram] = await addPhotos(testApp.app, user, ideas[0]!.id, [await camera('IMG_0001.JPG', 1200, 900)]);
    await describePhoto(testApp.app, user, tram!, 'Our <new> tram & "stop"');
    const [flat] = await addPhotos(testApp.app, user, ideas[1]!.id, [
      { name: 'IMG_0002.PNG', bytes: await plainPng(300, 200), type: 'image/png' },
    ]);

    const done = await sendShare(user, share.id);
    expect(done.counts).toMatchObject({ total: 2, sent: 2, failed: 0 });

    for (const person of people) {
      const [received] = smtp.to(person.email);
      const mail: ParsedMail = received!.mail;
      // Both photos, in the share's order (the first idea's, then the second's), each inline with
      // the Content-ID its <img> names.
      expect(mail.attachments).toHaveLength(2);
      expect(mail.attachments.map((item) => item.contentDisposition)).toEqual(['inline', 'inline']);
      expect(cidsIn(mail.html)).toEqual(mail.attachments.map((item) => item.cid));
      expect(mail.attachments[0]!.content.equals(await storedImage(testApp.app, user, tram!))).toBe(true);
      expect(mail.attachments[1]!.content.equals(await storedImage(testApp.app, user, flat!))).toBe(true);
      for (const item of mail.attachments) {
        const metadata = await sharp(item.content).metadata();
        expect(metadata.format).toBe('jpeg');
        expect(metadata.exif).toBeUndefined();
        expect(item.content.toString('latin1')).not.toContain('TestCam');
      }
      // Under the text: after the letter's words and its signature.
      const html = String(mail.html);
      expect(html.indexOf('src="cid:')).toBeGreaterThan(html.indexOf('Ann Lee'));
      // The alt text, escaped; none for the photo without one (never its file name).
      expect(html).toContain('alt="Our &lt;new&gt; tram &amp; &quot;stop&quot;"');
      expect(html).toMatch(new RegExp(`src="cid:${mail.attachments[1]!.cid!}" alt=""`));
      expect(html).not.toContain('IMG_000');
      expect(mail.text).not.toContain('IMG_000');
      // The text part lists them.
      expect(mail.text).toContain('Photos:\n- Our <new> tram & "stop"\n- Photo 2\n');
    }
  });

  it('makes a stored image over 1 MB smaller, and a retry sends the same mail again (photos read again)', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, user.id, [
      { name: 'Dan', email: `dan.${user.id.slice(0, 8)}@example.com` },
    ]);
    const { share, ideas } = await insertShare(db, user.id, [person!]);
    // A 12-megapixel camera photo: stored at 2048 px, still over 1 MB.
    const [photo] = await addPhotos(testApp.app, user, ideas[0]!.id, [await camera('IMG_1200.JPG', 4000, 3000)]);
    const stored = await storedImage(testApp.app, user, photo!);
    expect(stored.length).toBeGreaterThan(maxInlinePhotoBytes);
    refuseOnce.add(person!.email);

    const done = await sendShare(user, share.id);
    expect(done.counts).toMatchObject({ total: 1, sent: 1 });
    const [delivery] = await db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.shareId, share.id), eq(deliveries.userId, user.id)));
    expect(delivery!.attempts).toBe(2);

    // Refused once after DATA, then accepted: two whole messages reached the server.
    const attempts = smtp.seen.filter((item) => item.envelopeTo.includes(person!.email)).map((item) => item.mail);
    expect(attempts).toHaveLength(2);
    expect(smtp.to(person!.email)).toHaveLength(1);
    const [first, second] = attempts as [ParsedMail, ParsedMail];
    const image = first.attachments[0]!;
    expect(image.content.length).toBeLessThanOrEqual(maxInlinePhotoBytes);
    const metadata = await sharp(image.content).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg' });
    expect(metadata.exif).toBeUndefined();
    expect(Math.max(metadata.width, metadata.height)).toBeLessThan(2048);
    expect(cidsIn(first.html)).toEqual([image.cid]);
    // The same message: its Message-ID, its parts, the image byte for byte.
    expect(second.messageId).toBe(first.messageId);
    expect(second.html).toBe(first.html);
    expect(second.text).toBe(first.text);
    expect(second.attachments.map((item) => [item.cid, item.filename])).toEqual([[image.cid, image.filename]]);
    expect(second.attachments[0]!.content.equals(image.content)).toBe(true);
  });

  it('sends at most 10 MB of images; the rest as links that work without a session until they expire', async () => {
    const { db } = testApp.database;
    const user = await createVerifiedUser(testApp.app, db);
    const [person] = await insertContacts(db, user.id, [
      { name: 'Eve', email: `eve.${user.id.slice(0, 8)}@example.com` },
    ]);
    const { share, ideas } = await insertShare(db, user.id, [person!]);
    // Twelve photos of nearly 1 MB each as stored: ten fit in 10 MB, the last two do not.
    const files = await Promise.all(
      Array.from({ length: 12 }, (_, index) => camera(`IMG_${index}.JPG`, 1640, 1230, index + 1)),
    );
    const photos = [
      ...(await addPhotos(testApp.app, user, ideas[0]!.id, files.slice(0, 10))),
      ...(await addPhotos(testApp.app, user, ideas[1]!.id, files.slice(10))),
    ];
    const sizes = await Promise.all(photos.map(async (photo) => (await storedImage(testApp.app, user, photo)).length));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(maxInlinePhotoBytes);
    expect(sizes.slice(0, 10).reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(maxInlineBytesPerEmail);
    expect(sizes.slice(0, 11).reduce((sum, size) => sum + size, 0)).toBeGreaterThan(maxInlineBytesPerEmail);
    const last = photos[10]!;
    await describePhoto(testApp.app, user, last, 'The harbour at night');
    const untitledLink = photos[11]!;

    const done = await sendShare(user, share.id);
    expect(done.counts).toMatchObject({ total: 1, sent: 1 });
    const { mail } = smtp.to(person!.email)[0]!;
    expect(mail.attachments).toHaveLength(10);
    expect(mail.attachments.reduce((sum, item) => sum + item.content.length, 0)).toBeLessThanOrEqual(
      maxInlineBytesPerEmail,
    );
    expect(cidsIn(mail.html)).toEqual(mail.attachments.map((item) => item.cid));
    const link = /<a href="([^"]+)"[^>]*>The harbour at night<\/a>/.exec(String(mail.html))?.[1];
    expect(link).toMatch(new RegExp(`^${testBaseUrl}/api/photo-links/`));
    expect(mail.text).toContain('More photos (the links work for 30 days):');
    expect(mail.text).toContain(`- The harbour at night: ${link}`);
    // The photo without alt text is named by its place among the share's photos.
    expect(mail.text).toMatch(new RegExp(`- Photo 12: ${testBaseUrl}/api/photo-links/\\S+\n`));
    expect(String(mail.html)).toMatch(/<a href="[^"]+"[^>]*>Photo 12<\/a>/);
    expect(untitledLink.position).toBe(1);

    // The link, with no session: only that photo, kept by the browser only.
    const path = new URL(link!).pathname;
    const opened = await testApp.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    expect(opened.headers['cache-control']).toMatch(/^private/);
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.rawPayload.equals(await storedImage(testApp.app, user, last))).toBe(true);

    // A forged, altered or expired token: a page saying so (photo-links.test.ts), and no image.
    const token = path.split('/').at(-1)!;
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const made = (photoId: string, expiresAt: Date, appSecret = testApp.config.APP_SECRET) =>
      createPhotoLinkToken({ appSecret, userId: user.id, photoId, expiresAt });
    const later = new Date(Date.now() + 365 * 86_400_000);
    const refused = [
      `${payload}.${flipped}`,
      // This link's signature on another photo, or on a later expiry.
      `${made(photos[0]!.id, later).split('.')[0]}.${signature}`,
      `${made(last.id, later).split('.')[0]}.${signature}`,
      payload,
      made(last.id, later, 'another-secret-that-is-long-enough-0123456789'),
    ];
    for (const forged of refused) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/photo-links/${forged}` });
      expect({ forged, status: response.statusCode }).toEqual({ forged, status: 404 });
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    const expired = made(last.id, new Date(Date.now() - 1000));
    expect((await testApp.app.inject({ method: 'GET', url: `/api/photo-links/${expired}` })).statusCode).toBe(410);

    // Deleted since: the link no longer shows it.
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/photos/${last.id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await testApp.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });
});

describe('the outbox (nothing leaves the machine)', () => {
  let outboxApp: TestApp;
  beforeAll(async () => {
    outboxApp = await createTestApp({ withJobs: true, env: { EMAIL_RETRY_DELAY_SECONDS: '1' } });
  });
  afterAll(() => outboxApp.close());

  it('keeps the mail with its photos named in the text and referenced in the HTML, without their bytes', async () => {
    const { app, database } = outboxApp;
    const user = await createUser(app);
    const [person] = await insertContacts(database.db, user.id, [{ name: 'Fay', email: 'fay@example.com' }]);
    const { share, ideas } = await insertShare(database.db, user.id, [person!]);
    const [photo] = await addPhotos(app, user, ideas[0]!.id, [await camera('IMG_7.JPG', 1200, 900)]);
    await describePhoto(app, user, photo!, 'Fado night');
    const sent = await app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/send`,
      headers: user.headers,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await waitForDeliveries(app, user, share.id);

    const outbox = await app.inject({ method: 'GET', url: '/api/outbox', headers: user.headers });
    const [message] = (outbox.json() as { items: Array<{ text: string; html: string }> }).items;
    expect(message!.text).toContain('Photos:\n- Fado night\n');
    expect(cidsIn(message!.html)).toEqual([`photo-${photo!.id}@life-updates`]);
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id));
    expect(JSON.stringify(row).length).toBeLessThan(20_000);
  });
});

describe('through the SendGrid and Resend APIs', () => {
  it.each([
    ['SendGrid', 'SENDGRID'],
    ['Resend', 'RESEND'],
  ] as const)('%s gets each photo as an inline attachment whose content id the HTML names', async (_name, provider) => {
    const api = provider === 'SENDGRID' ? await startSendgridApi() : await startResendApi();
    const providerApp = await createTestApp({
      withJobs: true,
      env: {
        [`${provider}_API_KEY`]: provider === 'SENDGRID' ? 'SG.test-key-123456' : `re_${'k'.repeat(47)}`,
        [`${provider}_BASE_URL`]: api.url,
        MAIL_FROM: 'updates@life.test',
        EMAIL_RETRY_DELAY_SECONDS: '1',
      },
    });
    try {
      const { app, database } = providerApp;
      const user = await createVerifiedUser(app, database.db);
      const [person] = await insertContacts(database.db, user.id, [{ name: 'Gil', email: 'gil@example.com' }]);
      const { share, ideas } = await insertShare(database.db, user.id, [person!]);
      const [photo] = await addPhotos(app, user, ideas[0]!.id, [await camera('IMG_9.JPG', 1200, 900)]);
      const sent = await app.inject({
        method: 'POST',
        url: `/api/shares/${share.id}/send`,
        headers: user.headers,
        payload: {},
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const done = await waitForDeliveries(app, user, share.id);
      expect(done.counts).toMatchObject({ total: 1, sent: 1 });

      const body = api.requests.at(-1)!.body as {
        attachments: Array<Record<string, string>>;
        html?: string;
        content?: Array<{ type: string; value: string }>;
      };
      const html = body.html ?? body.content?.find((part) => part.type === 'text/html')?.value ?? '';
      const [attachment] = body.attachments;
      const stored = await app.inject({ method: 'GET', url: `/api/photos/${photo!.id}`, headers: user.headers });
      expect(Buffer.from(attachment!.content!, 'base64').equals(stored.rawPayload)).toBe(true);
      expect(attachment).toMatchObject({ filename: 'photo-1.jpg', content_id: `photo-${photo!.id}@life-updates` });
      if (provider === 'SENDGRID') expect(attachment).toMatchObject({ type: 'image/jpeg', disposition: 'inline' });
      else expect(attachment).toMatchObject({ content_type: 'image/jpeg' });
      expect(cidsIn(html)).toEqual([attachment!.content_id]);
    } finally {
      await providerApp.close();
      await api.close();
    }
  });
});
