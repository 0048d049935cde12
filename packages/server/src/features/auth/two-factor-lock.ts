import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { twoFactors } from '../../db/schema.ts';

/** Where a sign-in's second step checks a code. */
const codeChecks = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** The answers of a code check after which the account may be locked. */
const failures = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE', 'ACCOUNT_TEMPORARILY_LOCKED']);

/**
 * Two limits guard the second step of sign-in: one sign-in allows 5 codes (better-auth then answers
 * TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE and the password is asked again), and 10 wrong codes in a row
 * lock two-factor sign-in for the account for 15 minutes (ACCOUNT_TEMPORARILY_LOCKED). better-auth
 * says neither that the 10th wrong code has just locked the account nor when the lock ends: this
 * hook answers ACCOUNT_TEMPORARILY_LOCKED with `lockedUntil` whenever the account is locked.
 */
export const twoFactorLockHook = (db: Database) =>
  createAuthMiddleware(async (ctx) => {
    if (!codeChecks.has(ctx.path)) return;
    const returned: unknown = ctx.context.returned;
    if (!isAPIError(returned) || !failures.has(String(returned.body?.code))) return;
    // The sign-in's challenge names the account (the same lookup better-auth's check makes).
    const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
    if (!challenge) return;
    const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
    if (!verification) return;
    const [row] = await db
      .select({ lockedUntil: twoFactors.lockedUntil })
      .from(twoFactors)
      .where(eq(twoFactors.userId, verification.value));
    const lockedUntil = row?.lockedUntil;
    if (!lockedUntil || lockedUntil.getTime() <= Date.now()) return;
    throw new APIError('TOO_MANY_REQUESTS', {
      code: 'ACCOUNT_TEMPORARILY_LOCKED',
      message: 'Two-factor sign-in is locked',
      lockedUntil: lockedUntil.toISOString(),
    });
  });
