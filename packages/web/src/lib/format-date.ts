/** A stored date (ISO text) as the reader's language writes it: "Nov 27, 2026". */
export const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/** A stored instant (ISO text) as the reader's language writes it: "Nov 27, 2026, 2:05 PM". */
export const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A time of day today, e.g. when a lock of a few minutes ends: "14:32", "2:32 PM". */
export const formatTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(iso));
