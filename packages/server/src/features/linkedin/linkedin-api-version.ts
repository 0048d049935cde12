/**
 * LinkedIn releases its versioned APIs monthly (`LinkedIn-Version: YYYYMM`) and supports each version
 * for at least a year (https://learn.microsoft.com/en-us/linkedin/marketing/versioning); then it is
 * retired on a date the migrations page lists, a year and about two weeks on
 * (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/migrations), and every post
 * gets 426. Counting from the version's month errs early, as a warning should.
 */
const warningDays = 60;
const dayMs = 24 * 60 * 60 * 1000;

/** The first day of the version's month a year on: from then on LinkedIn may retire it. */
function linkedinApiVersionExpiry(version: string): Date {
  return new Date(Date.UTC(Number(version.slice(0, 4)) + 1, Number(version.slice(4, 6)) - 1, 1));
}

/**
 * The start-up warning for a `LINKEDIN_API_VERSION` that is a year old, or will be within 60 days;
 * null while it has longer to live.
 */
export function linkedinApiVersionWarning(version: string, now: Date): string | null {
  const expiry = linkedinApiVersionExpiry(version);
  if (now.getTime() < expiry.getTime() - warningDays * dayMs) return null;
  const when = expiry.toISOString().slice(0, 10);
  const age = now >= expiry ? `has been a year old since ${when}` : `turns a year old on ${when}`;
  return (
    `LINKEDIN_API_VERSION ${version} ${age}: LinkedIn retires each version about a year after its month, ` +
    'and then refuses every post (426). Set LINKEDIN_API_VERSION to a recent version (YYYYMM) from ' +
    'https://learn.microsoft.com/en-us/linkedin/marketing/versioning and restart.'
  );
}
