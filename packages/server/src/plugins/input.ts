import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** The path ("name", "contacts.0.email") of the first string holding NUL, or null. */
function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (typeof value !== 'object' || value === null || path.length > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path.join('.') || 'body';
    const found = findNul(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A lone UTF-16 surrogate (half an emoji, e.g. from text cut in the middle) becomes U+FFFD, as the
 * database driver would do for a text column; in a JSON column PostgreSQL refuses its `\ud800` escape.
 */
function toWellFormed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.isWellFormed() ? value : value.toWellFormed();
  if (typeof value !== 'object' || value === null || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => toWellFormed(item, depth + 1));
  // Parsed JSON only: a Buffer (an uploaded recording) or a stream stays as it is.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toWellFormed(item, depth + 1)]));
}

/**
 * PostgreSQL text cannot hold NUL: refuse it in any body, query or path parameter as bad input (a
 * 400), instead of letting the database fail the request with a 500 half-way.
 */
export const inputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const field = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
      if (field !== null) {
        throw new AppError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'validation.invalidInput',
          fields: { [field]: 'validation.invalidInput' },
        });
      }
      // Also a lone UTF-16 surrogate, which PostgreSQL refuses in JSON (see toWellFormed).
      if (request.body !== undefined) request.body = toWellFormed(request.body);
    });
  },
  { name: 'input' },
);
