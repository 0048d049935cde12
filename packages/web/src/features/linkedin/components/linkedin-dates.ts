/** A date and time in the reader's language and time zone. */
export const formatLinkedinDateTime = (value: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

/** A date alone (token expiry). */
export const formatLinkedinDate = (value: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(value));
