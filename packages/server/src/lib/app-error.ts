/**
 * The one application error. `code` is stable for clients, `message` is shown to users
 * (a spec string), `status` maps it to HTTP in the error handler.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** Interpolation values for the message key, e.g. `{ limit: 10 }` for `{{limit}}`. */
  readonly values: Record<string, string | number> | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    values?: Record<string, string | number>;
  }) {
    super(options.message);
    this.name = 'AppError';
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
    this.values = options.values;
  }
}

export const notFound = (message = 'errors.notFound') => new AppError({ status: 404, code: 'NOT_FOUND', message });
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError({ status: 400, code: 'BAD_REQUEST', message, fields });
export const forbidden = (message = 'errors.forbidden') => new AppError({ status: 403, code: 'FORBIDDEN', message });
export const conflict = (message: string, values?: Record<string, string | number>) =>
  new AppError({ status: 409, code: 'CONFLICT', message, values });
/** The embedded database stopped after a fatal error; the server is exiting to be restarted. */
export const databaseFailed = () =>
  new AppError({ status: 503, code: 'DATABASE_FAILED', message: 'errors.databaseFailed' });
/** The server's disk is full: nothing new can be saved until space is freed. */
export const diskFull = () => new AppError({ status: 507, code: 'DISK_FULL', message: 'errors.diskFull' });
