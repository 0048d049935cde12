import type { ShareDeliveriesResponse } from '@life-updates/contract/shares';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';
import { contacts, ideas, shares, users } from '../../src/db/schema.ts';
import { startSmtpServer } from './smtp.ts';
import { cookieHeader, createTestApp, signIn, signUp, testBaseUrl, type TestApp, type TestUser } from '../test-app.ts';

/** The sender the app's mail carries in `startAppWithSmtp`. */
export const testMailFrom = 'updates@life.test';

/**
 * The app with its job queue, sending through a real SMTP server started for the test (with
 * `smtpOptions`), with one-second retries. `close` stops both.
 */
export async function startAppWithSmtp(
  env: Record<string, string> = {},
  smtpOptions: Parameters<typeof startSmtpServer>[0] = {},
) {
  const smtp = await startSmtpServer(smtpOptions);
  const testApp: TestApp = await createTestApp({
    withJobs: true,
    env: { SMTP_URL: smtp.url, MAIL_FROM: testMailFrom, EMAIL_RETRY_DELAY_SECONDS: '1', ...env },
  });
  const close = async () => {
    await testApp.close();
    await testApp.app.deps.mailer.close();
    await smtp.close();
  };
  return { smtp, testApp, close };
}

/**
 * A signed-in user even when a real mail transport makes verification required: the account is
 * confirmed in the database, as the link in the verification email would.
 */
export async function createVerifiedUser(
  app: FastifyInstance,
  db: Database,
  { name = 'Ann Lee', email = `ann-${randomUUID().slice(0, 8)}@example.com` } = {},
): Promise<TestUser> {
  const signUpResponse = await signUp(app, { email, name });
  if (signUpResponse.statusCode !== 200) throw new Error(`sign-up failed: ${signUpResponse.body}`);
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signInResponse = await signIn(app, { email });
  if (signInResponse.statusCode !== 200) throw new Error(`sign-in failed: ${signInResponse.body}`);
  const cookie = cookieHeader(signInResponse);
  const id = (signInResponse.json() as { user: { id: string } }).user.id;
  return { id, email, cookie, headers: { cookie, origin: testBaseUrl } };
}

export async function insertContacts(db: Database, userId: string, list: Array<{ name: string; email: string }>) {
  return db
    .insert(contacts)
    .values(list.map((contact) => ({ userId, ...contact })))
    .returning();
}

/** A generated share of two ideas for the given contacts, one summary each (or the given ones). */
export async function insertShare(
  db: Database,
  userId: string,
  contactList: Array<{ id: string; name: string }>,
  { subject = 'News from Ann', texts }: { subject?: string | null; texts?: Record<string, string> } = {},
) {
  const ideaRows = await db
    .insert(ideas)
    .values([
      { userId, content: 'We moved to Lisbon', title: 'We moved to...', status: 'approved' },
      { userId, content: 'New job at the port', title: 'New job at...', status: 'approved' },
    ])
    .returning();
  const [share] = await db
    .insert(shares)
    .values({
      userId,
      status: 'generated',
      ideaIds: ideaRows.map((row) => row.id),
      contactIds: contactList.map((contact) => contact.id),
      texts:
        texts ??
        Object.fromEntries(
          contactList.map((contact) => [
            contact.id,
            `Dear ${contact.name},\n\nWe moved to Lisbon.\n\n- new flat\n- new job\n\n[Your Name]`,
          ]),
        ),
      subject,
      generatedAt: new Date(),
    })
    .returning();
  return { share: share!, ideas: ideaRows };
}

/** Polls a share's deliveries (as the web client does) until none is queued or sending. */
export async function waitForDeliveries(
  app: FastifyInstance,
  user: TestUser,
  shareId: string,
  timeoutMs = 20_000,
): Promise<ShareDeliveriesResponse> {
  const deadline = Date.now() + timeoutMs;
  let last: ShareDeliveriesResponse | undefined;
  while (Date.now() < deadline) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/shares/${shareId}/deliveries`,
      headers: user.headers,
    });
    if (response.statusCode !== 200) throw new Error(`deliveries: ${response.statusCode} ${response.body}`);
    last = response.json() as ShareDeliveriesResponse;
    if (last.isDone && last.shareStatus !== 'sending') return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`deliveries not done in time: ${JSON.stringify(last)}`);
}
