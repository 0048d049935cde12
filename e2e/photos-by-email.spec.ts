import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, extraServerPort, signInThroughApi, test } from './fixtures';
import { appServerWithMail, signUpAndConfirm } from './mail-server';

/**
 * An idea's photos go out by email: two photos taken by a camera (with the place they were taken in
 * their EXIF) attached in the browser, an alt text given to one, the idea shared from Create Content
 * to a contact through a real SMTP server; the mail that arrives carries both as inline images that
 * its HTML shows, with the alt text and without any metadata.
 */
const setup = appServerWithMail({ port: extraServerPort(5) });
const contact = { name: 'Nina Neighbour', email: 'nina.photos@example.com' };
const text = 'We painted the boat and took it out on the river.';

/** A camera-like JPEG of one colour, with the camera's make and where it was taken (EXIF GPS). */
async function cameraPhoto(name: string, background: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
    })
    .jpeg()
    .toBuffer();
  expect((await sharp(buffer).metadata()).exif, 'the photo carries EXIF before upload').toBeDefined();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function openMyStories(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading application data...')).toBeHidden();
}

test('two photos attached in the browser arrive inline in the email, without GPS, with their alt text', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server, mailbox } = setup;
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'en-US' });
  const page = await context.newPage();
  const account = { name: 'Pia Painter', email: 'pia.photos@example.com', password: 'Correct-Horse-Battery-9' };
  await signUpAndConfirm(page, setup, account);
  await signInThroughApi(page, account, server.baseURL);
  const added = await context.request.post('/api/contacts', { data: contact, headers: { origin: server.baseURL } });
  expect(added.ok(), await added.text()).toBeTruthy();

  // Written with two photos, uploaded once the idea is saved.
  await openMyStories(page);
  await page.getByRole('textbox', { name: 'Your event or idea' }).fill(text);
  await page
    .getByTestId('photo-picker')
    .setInputFiles([await cameraPhoto('red.jpg', '#cc2222'), await cameraPhoto('blue.jpg', '#2244cc')]);
  await page.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  const organizer = page.getByRole('tabpanel');
  await expect(organizer.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(2);

  // An alt text for the first photo.
  await organizer.getByRole('button', { name: /^Edit We painted the/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(editor.getByTestId('idea-photo')).toHaveCount(2);
  await editor.getByRole('textbox', { name: 'Alt text for photo 1' }).fill('Our red boat on the river');
  await expect(editor.getByRole('button', { name: 'Save alt text for photo 1' })).toBeEnabled();
  await editor.getByRole('button', { name: 'Save alt text for photo 1' }).click();
  await expect(page.getByText('Alt text saved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // Create Content → Email to Contacts → Nina, now.
  const { ideas } = (await (await context.request.get('/api/ideas')).json()) as { ideas: { id: string }[] };
  await page.goto(`/create?idea=${ideas[0]!.id}`);
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Generated Text' }).fill(text);
  await page.getByRole('button', { name: 'Email to Contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Contacts to Share With' });
  await dialog.getByRole('checkbox', { name: new RegExp(contact.name) }).check();
  await dialog.getByRole('button', { name: /^Send/ }).click();
  await expect.poll(() => mailbox.to(contact.email).length, { timeout: 60_000 }).toBe(1);

  // The mail: the text, and two inline JPEGs that the HTML shows by their Content-IDs.
  const { mail } = mailbox.to(contact.email)[0]!;
  expect(mail.text).toContain(text);
  const images = mail.attachments.filter((attachment) => attachment.contentType === 'image/jpeg');
  expect(images).toHaveLength(2);
  for (const image of images) {
    expect(image.contentDisposition).toBe('inline');
    expect(image.cid, 'each image has a Content-ID').toBeTruthy();
    expect(mail.html).toContain(`src="cid:${image.cid}"`);
    // Stored without metadata: no EXIF (so no GPS), no ICC or XMP carrying it either.
    const metadata = await sharp(image.content).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([640, 480]);
  }
  expect(mail.html).toContain('alt="Our red boat on the river"');
  // The red one first, as on the idea.
  const firstCid = mail.html ? /src="cid:([^"]+)"/.exec(mail.html)?.[1] : undefined;
  const first = images.find((image) => image.cid === firstCid)!;
  const { dominant } = await sharp(first.content).stats();
  expect(dominant.r).toBeGreaterThan(dominant.b);
  await context.close();
});
