import type { OutboxPage } from '@life-updates/contract/email';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import type { UserScope } from '../../db/owned.ts';

/** The signed-in user's outbox (the embedded transport keeps mail here), newest first. */
export async function findOutboxMessages({
  db,
  userId,
  page,
  pageSize,
}: UserScope<Database> & { page: number; pageSize: number }): Promise<OutboxPage> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.userId, userId))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = await db.$count(outboxMessages, eq(outboxMessages.userId, userId));
  return {
    items: rows.map((row) => ({
      id: row.id,
      from: row.fromAddress,
      to: row.toAddress,
      replyTo: row.replyTo,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers ?? {},
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}
