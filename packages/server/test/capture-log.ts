import type { FastifyBaseLogger } from 'fastify';

export type LogLine = { level: string; message: string };

/**
 * A logger that keeps what is logged, for tests that check a log line (pino's call shapes: a
 * message, or an object and a message). Its children log into the same list.
 */
export function captureLog(): { logger: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const record =
    (level: string) =>
    (first?: unknown, second?: unknown): void => {
      const message = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
      lines.push({ level, message });
    };
  const logger = {
    level: 'trace',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => {},
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  return { logger, lines };
}
