import { startFakeLinkedin, type FakeLinkedin } from '../packages/server/test/doubles/linkedin';
import { startSmtpServer, type SmtpDouble } from '../packages/server/test/doubles/smtp';
import { privateMessage, startFakeTelegramApi, type FakeTelegramApi } from '../packages/server/test/doubles/telegram';
import { expect, expectNoAxeViolations, extraServerPort, registerAccount, signInThroughApi, test } from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

/**
 * One way out: one share goes, at a chosen time, to two contacts by email (a real SMTP server), to a
 * connected Telegram channel and to the user's LinkedIn profile (the Bot API and LinkedIn stand-ins
 * the server tests use). Summeris → Scheduled lists it with its four destinations until its time;
 * then Sent shows how each went, with the published post's link.
 */
const clientId = 'e2e-linkedin-client';
const clientSecret = 'e2e-linkedin-secret';
const mailFrom = 'updates@life-updates.test';
const annTelegram = { id: 434343, first_name: 'Uma', username: 'uma_tg', language_code: 'en' };
const channel = { id: -1004444444444, type: 'channel', title: 'Uma & Friends', username: 'uma_friends' };
const ann = { name: 'Ann Friend', email: 'ann.oneway@example.com' };
const bob = { name: 'Bob Colleague', email: 'bob.oneway@example.com' };
const text = 'We moved to Lisbon and found a flat near the river.';

let smtp: SmtpDouble;
let telegram: FakeTelegramApi;
let linkedin: FakeLinkedin;
let app: SpawnedAppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpServer();
  telegram = await startFakeTelegramApi();
  linkedin = await startFakeLinkedin({ clientId, clientSecret, port: extraServerPort(4) });
  app = await spawnAppServer({
    port: extraServerPort(3),
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: mailFrom,
      ...telegram.appEnv,
      ...linkedin.appEnv,
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await linkedin?.close();
  await telegram?.close();
  await smtp?.close();
});

/** A `datetime-local` value (with seconds) in the browser's time zone, Europe/Berlin in these specs. */
function berlinLocal(date: Date): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
  return parts.replace(' ', 'T');
}

test('one share to two contacts, a Telegram channel and LinkedIn at a time: Scheduled, then Sent with every status', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL: app.baseURL, locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  const headers = { origin: app.baseURL };

  // An account on a server with a real mail transport confirms its address first.
  const account = await registerAccount(context.request, { name: 'Uma Owner' }, app.baseURL);
  await expect.poll(() => smtp.to(account.email).length).toBe(1);
  const confirmation = smtp.to(account.email)[0]!.mail.text?.match(/https?:\/\/\S+/)?.[0];
  expect(confirmation).toBeTruthy();
  await page.goto(confirmation!);
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await signInThroughApi(page, account, app.baseURL);

  // Telegram: link the account with a code, then connect a channel by forwarding one of its posts.
  const code = await context.request.post('/api/telegram/link-code', { headers });
  expect(code.ok(), await code.text()).toBeTruthy();
  const { code: linkCode } = (await code.json()) as { code: string };
  telegram.pushUpdate(
    privateMessage(annTelegram, {
      text: `/start ${linkCode}`,
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    }),
  );
  await telegram.waitForMessage(annTelegram.id, (reply) => reply.startsWith('Done! This chat is now connected'));
  telegram.setMember(channel.id, telegram.bot.id, 'administrator', { can_post_messages: true });
  telegram.setMember(channel.id, annTelegram.id, 'creator');
  telegram.pushUpdate(
    privateMessage(annTelegram, {
      forward_origin: { type: 'channel', chat: channel, message_id: 5, date: 1 },
      text: 'An older post of the channel',
    }),
  );
  await telegram.waitForMessage(annTelegram.id, (reply) => reply.startsWith('“Uma & Friends” is connected'));

  // LinkedIn: connected in Settings → Connected accounts (the stand-in approves and sends the browser back).
  await page.goto('/settings?tab=connected');
  await page.getByRole('button', { name: 'Connect LinkedIn' }).click();
  await expect(page.getByText('Connected as Ada Lovelace')).toBeVisible();

  // Two contacts and an idea.
  for (const contact of [ann, bob]) {
    const response = await context.request.post('/api/contacts', { data: contact, headers });
    expect(response.ok(), await response.text()).toBeTruthy();
  }
  const created = await context.request.post('/api/ideas', { data: { content: text }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const idea = (await created.json()) as { id: string };

  // Create Content → Email to Contacts: both contacts, the channel and LinkedIn, at a time about a minute ahead.
  await page.goto(`/create?idea=${idea.id}`);
  await page.getByRole('textbox', { name: 'Generated Text' }).fill(text);
  await page.getByRole('button', { name: 'Email to Contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Contacts to Share With' });
  await dialog.getByRole('button', { name: 'Select All' }).click();
  await expect(dialog.getByText('Selected: 2 of 2')).toBeVisible();
  await dialog
    .getByRole('group', { name: 'Telegram' })
    .getByRole('checkbox', { name: /Uma & Friends/ })
    .check();
  await dialog.getByRole('checkbox', { name: 'Post on your LinkedIn profile (Ada Lovelace)' }).check();
  await dialog.getByRole('radio', { name: 'At a time' }).check();
  await expectNoAxeViolations(page);
  const sendAt = new Date(Date.now() + 65_000);
  await dialog.getByLabel('Date and time').fill(berlinLocal(sendAt));
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  const scheduledResult = page.getByRole('dialog', { name: 'Scheduled' });
  await expect(scheduledResult.getByText(/^It goes out /)).toBeVisible();
  await expect(scheduledResult.getByRole('listitem')).toHaveCount(4);

  // Summeris → Scheduled: when it goes and its four destinations, nothing sent yet.
  await page.goto('/summeris');
  await page.getByRole('tab', { name: /Scheduled\s*1/ }).click();
  const scheduled = page.getByRole('tabpanel').getByRole('article');
  await expect(scheduled.getByText(/^Goes out /)).toBeVisible();
  const destinations = scheduled.getByRole('list', { name: 'Destinations' });
  await expect(destinations.getByRole('listitem')).toHaveCount(4);
  for (const name of [
    `Email: ${ann.name} <${ann.email}>`,
    `Email: ${bob.name} <${bob.email}>`,
    'Telegram: Uma & Friends',
    'LinkedIn: Ada Lovelace',
  ]) {
    await expect(destinations.getByRole('listitem', { name })).toContainText('Queued');
  }
  await expectNoAxeViolations(page);
  expect(smtp.to(ann.email)).toHaveLength(0);
  expect(linkedin.posts).toHaveLength(0);
  expect(telegram.sentMessages().filter((message) => message.chat_id === channel.id)).toHaveLength(0);

  // After its time the page, which keeps itself current, moves it to Sent.
  const msLeft = sendAt.getTime() - Date.now();
  await expect(page.getByRole('tab', { name: /Sent\s*1/ })).toBeVisible({ timeout: msLeft + 90_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(sendAt.getTime());
  await expect(page.getByRole('tab', { name: /Scheduled\s*0/ })).toBeVisible();
  await page.getByRole('tab', { name: /Sent\s*1/ }).click();
  const sent = page.getByRole('tabpanel').getByRole('article');
  await expect(sent.getByText('4 of 4 destinations have it.')).toBeVisible({ timeout: 30_000 });
  const statuses = sent.getByRole('list', { name: 'Destinations' });
  await expect(statuses.getByRole('listitem', { name: `Email: ${ann.name} <${ann.email}>` })).toContainText('Sent');
  await expect(statuses.getByRole('listitem', { name: `Email: ${bob.name} <${bob.email}>` })).toContainText('Sent');
  await expect(statuses.getByRole('listitem', { name: 'Telegram: Uma & Friends' })).toContainText('Published');
  await expect(statuses.getByRole('listitem', { name: 'LinkedIn: Ada Lovelace' })).toContainText('Published');
  expect(linkedin.posts).toHaveLength(1);
  await expect(statuses.getByRole('link', { name: 'View post on LinkedIn' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/feed/update/${linkedin.posts[0]!.id}/`,
  );
  await expect(page.getByRole('tab', { name: /Failed\s*0/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The real SMTP server received one mail for each contact, with the text; the channel got the post.
  expect(smtp.to(ann.email)).toHaveLength(1);
  expect(smtp.to(bob.email)).toHaveLength(1);
  expect(smtp.to(ann.email)[0]!.mail.text).toContain(text);
  expect(
    telegram.sentMessages().filter((message) => message.chat_id === channel.id && message.text === text),
  ).toHaveLength(1);
  expect(linkedin.posts[0]!.commentary.replaceAll(/\\(.)/g, '$1')).toBe(text);
  expect(linkedin.protocolErrors).toEqual([]);
  await context.close();
});
