import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';

/** Whether logs are readable lines: LOG_FORMAT when set, else whether stdout is a terminal. */
export function wantsPrettyLogs(format: Config['LOG_FORMAT'], stdoutIsTerminal = process.stdout.isTTY === true) {
  return format === undefined ? stdoutIsTerminal : format === 'pretty';
}

/**
 * The log destination: readable lines through pino-pretty (loaded only then, and run in this
 * thread rather than a transport worker, which would cost a second V8 isolate), or undefined for
 * pino's own JSON on stdout.
 */
export async function createLogStream(config: Pick<Config, 'LOG_FORMAT'>): Promise<DestinationStream | undefined> {
  if (!wantsPrettyLogs(config.LOG_FORMAT)) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname',
  });
}
