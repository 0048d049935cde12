import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** No body of ours nests deeper; the checks below walk no further. */
const maxDepth = 32;

/**
 * Whether parsed JSON nests deeper than `maxDepth`, found without recursion (JSON.parse takes any
 * depth, but what walks the value recursively afterwards, JSON.stringify included, overflows the stack).
 */
function isTooDeep(value: unknown): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > maxDepth) return true;
    const next: unknown[] = [];
    for (const item of level) {
      if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) next.push(...Object.values(item));
    }
    level = next;
  }
  return false;
}

const invalidInput = (field: string) =>
  new AppError({
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'validation.invalidInput',
    fields: { [field]: 'validation.invalidInput' },
  });

/** The path ("name", "contacts.0.email") of the first string holding NUL, or null. */
function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : null;
  if (typeof value !== 'object' || value === null || path.length > maxDepth) return null;
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
  if (typeof value !== 'object' || value === null || depth > maxDepth) return value;
  if (Array.isArray(value)) return value.map((item) => toWellFormed(item, depth + 1));
  // Parsed JSON only: a Buffer (an uploaded recording) or a stream stays as it is.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toWellFormed(item, depth + 1)]));
}

/**
 * Bad input is a 400 before any route looks at it: JSON nested deeper than 32 levels (a 10 KB body
 * 5,000 levels deep made better-auth's endpoints fail with a 500), and NUL, which PostgreSQL text
 * cannot hold, in any body, query or path parameter (instead of the database failing half-way).
 */
export const inputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (isTooDeep(request.body)) throw invalidInput('body');
      const field = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
      if (field !== null) throw invalidInput(field);
      // Also a lone UTF-16 surrogate, which PostgreSQL refuses in JSON (see toWellFormed).
      if (request.body !== undefined) request.body = toWellFormed(request.body);
    });
  },
  { name: 'input' },
);
