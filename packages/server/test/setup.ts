import { afterEach, vi } from 'vitest';

// An unexpected console.error fails the test (STYLE: Epic Stack habit).
const originalError = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error was called: ${seen.map((args) => args.join(' ')).join('\n')}`);
});
