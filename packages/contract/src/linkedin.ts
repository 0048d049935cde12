import { z } from 'zod';

/** LinkedIn refuses a post whose commentary, as sent (after little-text escaping), is longer than this. */
export const maxLinkedinPostLength = 3000;
/** A post carries at most this many photos (LinkedIn's MultiImage API takes 2 to 20); the rest stay out. */
export const maxLinkedinPhotos = 20;

/** The banner and the one reminder email come this many days before the token expires. */
export const linkedinExpiryWarningDays = 7;

/** OpenID Connect sign-in (name, member id) and posting on the member's behalf. */
export const linkedinScopes = ['openid', 'profile', 'w_member_social'] as const;

const dayMs = 24 * 60 * 60 * 1000;

/** Expired, expiring within the warning window, or fine. */
export function linkedinTokenState(expiresAt: Date, now: Date): 'expired' | 'expiring' | 'valid' {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= linkedinExpiryWarningDays * dayMs ? 'expiring' : 'valid';
}

/**
 * LinkedIn's "little text" format (the `commentary` of the Posts API) gives these characters a
 * meaning (mentions, hashtags, templates); a backslash makes each one literal so the post reads as typed.
 */
const littleTextReserved = /[\\|{}@[\]()<>#*_~]/g;
export function escapeLittleText(text: string): string {
  return text.replace(littleTextReserved, (character) => `\\${character}`);
}

/**
 * The length checked against `maxLinkedinPostLength`: the commentary as LinkedIn receives it, escaped,
 * so each reserved character counts twice. Whether LinkedIn counts the backslashes is not documented;
 * counting them never lets through a post LinkedIn would refuse.
 */
export function linkedinCommentaryLength(text: string): number {
  return escapeLittleText(text).length;
}

/** The public address of a post from the URN LinkedIn returned (`urn:li:share:…` or `urn:li:ugcPost:…`). */
export function linkedinPostUrl(postUrn: string): string {
  return `https://www.linkedin.com/feed/update/${postUrn}/`;
}

export const linkedinConnectionSchema = z.object({
  name: z.string(),
  expiresAt: z.string(),
  state: z.enum(['expired', 'expiring', 'valid']),
});
export type LinkedinConnection = z.infer<typeof linkedinConnectionSchema>;

/** GET /api/linkedin/connection: whether the admin set LinkedIn up, and the user's connection. */
export const linkedinConnectionResponseSchema = z.object({
  isConfigured: z.boolean(),
  connection: linkedinConnectionSchema.nullable(),
});
export type LinkedinConnectionResponse = z.infer<typeof linkedinConnectionResponseSchema>;

/** POST /api/linkedin/connect: where to send the browser to authorise the app. */
export const linkedinConnectResponseSchema = z.object({ authorizationUrl: z.string() });

/** The callback's query: a code and our state, or LinkedIn's error. */
export const linkedinCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** The outcome the callback hands to Settings → Connected accounts (`?linkedin=`). */
export const linkedinCallbackOutcomes = ['connected', 'denied', 'failed'] as const;
export type LinkedinCallbackOutcome = (typeof linkedinCallbackOutcomes)[number];

/** Why LinkedIn would refuse this text as a post, as a catalogue key; null when it takes it. */
export function linkedinTextProblem(text: string): string | null {
  if (text.trim() === '') return 'linkedin.errors.emptyText';
  if (linkedinCommentaryLength(text) > maxLinkedinPostLength) return 'linkedin.errors.tooLong';
  return null;
}
