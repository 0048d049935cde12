import type { Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, registerAccount, test } from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

/** The From address of the app servers started here. */
export const mailFrom = 'updates@life-updates.test';

export type ReceivedMail = { envelopeTo: string[]; mail: ParsedMail };

export type Mailbox = {
  /** Everything the SMTP server accepted, oldest first; envelope addresses in lower case. */
  received: ReceivedMail[];
  /** Recipients refused at RCPT TO with 550, as a real server refuses an unknown mailbox. */
  refused: Set<string>;
  /** The mails whose envelope names this address. */
  to: (address: string) => ReceivedMail[];
};

export type AppServerWithMail = { mailbox: Mailbox; readonly server: SpawnedAppServer };

/**
 * For the spec file or describe block it is called in: a real SMTP server (no auth, no TLS) and an
 * app server on a fresh data directory that sends through it. With a real mail transport, new
 * accounts confirm their email before they can sign in.
 */
export function appServerWithMail({ port }: { port: number }): AppServerWithMail {
  const mailbox: Mailbox = {
    received: [],
    refused: new Set(),
    to: (address) => mailbox.received.filter((item) => item.envelopeTo.includes(address.toLowerCase())),
  };
  let smtp: SMTPServer | undefined;
  let server: SpawnedAppServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (mailbox.refused.has(address.address.toLowerCase())) {
          return callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
            mailbox.received.push({ envelopeTo, mail });
            callback();
          })
          .catch(callback);
      },
    });
    const listening = smtp;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const smtpPort = (listening.server.address() as AddressInfo).port;
    server = await spawnAppServer({
      port,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: mailFrom },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
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
