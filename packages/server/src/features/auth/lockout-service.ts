import { and, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';

/** 5 failed passwords within 15 minutes lock the account for 15 minutes. */
export const lockoutPolicy = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

const normalise = (email: string) => email.trim().toLowerCase();

export async function isAccountLocked({ db, email, now = new Date() }: { db: Database; email: string; now?: Date }) {
  const since = new Date(now.getTime() - lockoutPolicy.windowMs);
  const failures = await db.$count(
    loginAttempts,
    and(eq(loginAttempts.email, normalise(email)), gte(loginAttempts.attemptedAt, since)),
  );
  return failures >= lockoutPolicy.maxFailures;
}

export async function recordFailedLogin({ db, email, now = new Date() }: { db: Database; email: string; now?: Date }) {
  await db.insert(loginAttempts).values({ email: normalise(email), attemptedAt: now });
  // Old attempts can never matter again; keep the table small.
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - lockoutPolicy.windowMs)));
}

export async function clearFailedLogins({ db, email }: { db: Database; email: string }) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, normalise(email)));
}
