import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * The where-clause for one row of a user-owned table: the row with this id, and only if this user
 * owns it. Every read, update and delete of a single user's row goes through it, so a row of
 * another user is simply not found.
 */
export const byIdAndOwner = (table: { id: PgColumn; userId: PgColumn }, id: string, userId: string): SQL =>
  and(eq(table.id, id), eq(table.userId, userId))!;

/** The first two arguments of every query on one user's rows: where to run it, and whose rows. */
export type UserScope<Db extends Executor = Executor> = { db: Db; userId: string };
