/** A date alone (token expiry). */
export const formatLinkedinDate = (value: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(value));
