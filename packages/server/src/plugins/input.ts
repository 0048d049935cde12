import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** No body of ours nests objects and arrays deeper; the checks below walk no further. */
const maxDepth = 32;

/**
 * Whether parsed JSON nests objects and arrays more than `maxDepth` deep (JSON.parse takes any
 * depth, but what walks the value recursively afterwards, JSON.stringify included, overflows the
 * stack). Walked with a stack of its own, one value at a time: no recursion, and no spreading of a
 * wide array or object into a call's arguments, which overflows the stack as well (an array of
 * 130,000 numbers did). The body limit bounds the width (1 MiB holds about 500,000 values), and
 * the walk is linear in it.
 */
function isTooDeep(body: unknown): boolean {
  const values: unknown[] = [body];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (depth > maxDepth) return true;
    for (const item of Object.values(value)) {
      values.push(item);
      depths.push(depth + 1);
    }
  }
  return false;
}

const tooDeep = () =>
  new AppError({ status: 400, code: 'VALIDATION_FAILED', message: 'validation.tooDeep', values: { limit: maxDepth } });

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
      if (isTooDeep(request.body)) throw tooDeep();
      const field = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
      if (field !== null) throw invalidInput(field);
      // Also a lone UTF-16 surrogate, which PostgreSQL refuses in JSON (see toWellFormed).
      if (request.body !== undefined) request.body = toWellFormed(request.body);
    });
  },
  { name: 'input' },
);
