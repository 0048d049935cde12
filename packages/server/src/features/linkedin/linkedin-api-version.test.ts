import { describe, expect, it } from 'vitest';
import { linkedinApiVersionWarning } from './linkedin-api-version.ts';

describe('linkedinApiVersionWarning', () => {
  it('says nothing while the version has more than 60 days before it is a year old', () => {
    expect(linkedinApiVersionWarning('202609', new Date('2026-11-27T12:00:00Z'))).toBeNull();
    // 202609 is a year old on 2027-09-01; 60 days before is 2027-07-03.
    expect(linkedinApiVersionWarning('202609', new Date('2027-07-02T23:59:59Z'))).toBeNull();
  });

  it('warns from 60 days before, naming the variable, the version and the date', () => {
    expect(linkedinApiVersionWarning('202609', new Date('2027-07-03T00:00:00Z'))).toBe(
      'LINKEDIN_API_VERSION 202609 turns a year old on 2027-09-01: LinkedIn retires each version about a ' +
        'year after its month, and then refuses every post (426). Set LINKEDIN_API_VERSION to a recent ' +
        'version (YYYYMM) from https://learn.microsoft.com/en-us/linkedin/marketing/versioning and restart.',
    );
    // The old default: LinkedIn retires it on 2027-01-15, so today it warns.
    expect(linkedinApiVersionWarning('202601', new Date('2026-11-27T12:00:00Z'))).toMatch(
      /^LINKEDIN_API_VERSION 202601 turns a year old on 2027-01-01: /,
    );
  });

  it('warns about a version already a year old', () => {
    expect(linkedinApiVersionWarning('202411', new Date('2026-11-27T12:00:00Z'))).toMatch(
      /^LINKEDIN_API_VERSION 202411 has been a year old since 2025-11-01: .*Set LINKEDIN_API_VERSION/,
    );
  });
});
