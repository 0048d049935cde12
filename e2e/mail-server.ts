import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { startSmtpServer, type ReceivedMail, type SmtpDouble } from '../packages/server/test/doubles/smtp';
import { expect, registerAccount, test } from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

/** The From address of the app servers started here. */
export const mailFrom = 'updates@life-updates.test';

export type { ReceivedMail };

export type Mailbox = {
  /** Everything the SMTP server accepted, oldest first; envelope addresses in lower case. */
  received: ReceivedMail[];
  /** Recipients refused at RCPT TO with 550, as a real server refuses an unknown mailbox. */
  refused: { add: (address: string) => void };
  /** The mails whose envelope names this address. */
  to: (address: string) => ReceivedMail[];
};

export type AppServerWithMail = { mailbox: Mailbox; readonly server: SpawnedAppServer };

/**
 * For the spec file or describe block it is called in: the SMTP double the server tests use
 * (packages/server/test/doubles/smtp.ts: a real SMTP server, no auth, no TLS) and an app server on
 * a fresh data directory that sends through it. With a real mail transport, new accounts confirm
 * their email before they can sign in.
 */
export function appServerWithMail({ port }: { port: number }): AppServerWithMail {
  let smtp: SmtpDouble | undefined;
  let server: SpawnedAppServer | undefined;
  const started = () => {
    if (!smtp) throw new Error('the SMTP server starts in beforeAll');
    return smtp;
  };
  const mailbox: Mailbox = {
    get received() {
      return started().received;
    },
    refused: { add: (address) => started().refuse(address) },
    to: (address) => started().to(address),
  };
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startSmtpServer();
    server = await spawnAppServer({ port, env: { SMTP_URL: smtp.url, MAIL_FROM: mailFrom } });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  return {
    mailbox,
    get server() {
      if (!server) throw new Error('the app server starts in beforeAll');
      return server;
    },
  };
}

/**
 * Signs up on that server through the API and opens the confirmation link it emails, which leads to
 * sign-in with the account confirmed. Returns the confirmation mail.
 */
export async function signUpAndConfirm(
  page: Page,
  { mailbox, server }: AppServerWithMail,
  account: { email: string; password: string; name: string },
): Promise<ParsedMail> {
  await registerAccount(page.request, account, server.baseURL);
  await expect.poll(() => mailbox.to(account.email).length).toBe(1);
  const confirmation = mailbox.to(account.email)[0]!.mail;
  const link = confirmation.text?.match(/https?:\/\/\S+/)?.[0];
  expect(link, confirmation.text).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  return confirmation;
}
