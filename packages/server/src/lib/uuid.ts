const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path or body id can be a row id: anything else is answered as "not found" before a
 * query, since PostgreSQL would refuse it in a uuid column with an error.
 */
export const isUuid = (value: string) => uuidPattern.test(value);
