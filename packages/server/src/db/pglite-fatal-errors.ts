import type { PGlite } from '@electric-sql/pglite';

/** What PGlite throws for every query once it has had a fatal error. */
export class DatabaseFailedError extends Error {
  constructor(readonly fatalError: Error) {
    super(`The embedded database stopped after a fatal error: ${fatalError.message}`);
    this.name = 'DatabaseFailedError';
  }
}

/** A PostgreSQL error that ends the backend (FATAL) or the whole server (PANIC). */
function isFatalDatabaseError(error: unknown): boolean {
  const severity = (error as { severity?: unknown } | null)?.severity;
  return severity === 'PANIC' || severity === 'FATAL';
}

/**
 * Stops PGlite at its first fatal error. PGlite is PostgreSQL's one backend inside this process:
 * where a PostgreSQL server answers a PANIC (say, no room on the disk for the next WAL segment) by
 * restarting and recovering, PGlite cannot, and the next query then loops in its WebAssembly for ever,
 * holding the event loop: no request, /api/health included, is answered again. After a
 * PANIC or FATAL error, or an exception from inside the WebAssembly (an abort, a file system error),
 * every call fails at once with DatabaseFailedError instead of reaching PostgreSQL again, and
 * `onFatal` is told once, so that the server can report it and exit for its service manager to
 * restart it (a restart recovers from the WAL).
 */
export function stopAfterFatalError(pglite: PGlite, onFatal: (error: Error) => void) {
  let fatalError: Error | undefined;
  const fail = (error: unknown) => {
    if (fatalError) return;
    fatalError = error instanceof Error ? error : new Error(String(error));
    onFatal(fatalError);
  };

  // Every query, transaction and listen goes through this one synchronous call into PostgreSQL.
  const runInPostgres = pglite.execProtocolRawSync.bind(pglite);
  pglite.execProtocolRawSync = (message) => {
    if (fatalError) throw new DatabaseFailedError(fatalError);
    try {
      return runInPostgres(message);
    } catch (error) {
      fail(error);
      throw error;
    }
  };
  // PostgreSQL's own errors come back as messages, parsed into errors by these two.
  const execProtocol = pglite.execProtocol.bind(pglite);
  pglite.execProtocol = async (...args) => {
    try {
      return await execProtocol(...args);
    } catch (error) {
      if (isFatalDatabaseError(error)) fail(error);
      throw error;
    }
  };
  const execProtocolStream = pglite.execProtocolStream.bind(pglite);
  pglite.execProtocolStream = async (...args) => {
    try {
      return await execProtocolStream(...args);
    } catch (error) {
      if (isFatalDatabaseError(error)) fail(error);
      throw error;
    }
  };
}
