import { z } from 'zod';
import { defaultIdeaPreferences, preferenceOptions } from './idea-options.ts';

/**
 * The six generation preferences of an idea,
 * the lists of idea-options.ts, each in the spec's order; option labels live in the catalogue under
 * `generation.preferences.<group>.<option>`.
 */
export const platformOptions = preferenceOptions.platform;
export const lengthOptions = preferenceOptions.length;
export const toneOptions = preferenceOptions.tone;
export const intentOptions = preferenceOptions.intent;
export const sentimentOptions = preferenceOptions.sentiment;
export const structureOptions = preferenceOptions.structure;

export type Platform = (typeof platformOptions)[number];
export type Length = (typeof lengthOptions)[number];
export type Tone = (typeof toneOptions)[number];
export type Intent = (typeof intentOptions)[number];
export type Sentiment = (typeof sentimentOptions)[number];
export type Structure = (typeof structureOptions)[number];

const invalidOption = 'generation.validation.invalidOption';

export const preferencesSchema = z.object({
  platform: z.enum(platformOptions, { message: invalidOption }),
  length: z.enum(lengthOptions, { message: invalidOption }),
  tone: z.enum(toneOptions, { message: invalidOption }),
  intent: z.enum(intentOptions, { message: invalidOption }),
  sentiment: z.enum(sentimentOptions, { message: invalidOption }),
  structure: z.enum(structureOptions, { message: invalidOption }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * What the Create Content screen starts with when an idea has no stored preferences: the idea
 * defaults, except that the length is Medium.
 */
export const defaultPreferences: Preferences = { ...defaultIdeaPreferences, length: 'medium' };

/**
 * Unknown or missing values fall back to these when generating: the
 * first option of each group, as for an idea's own preferences.
 */
export const preferenceFallbacks: Preferences = defaultIdeaPreferences;

/** The groups in the order the preferences panel shows them, each with its options. */
export const preferenceGroups = [
  { name: 'platform', options: platformOptions },
  { name: 'length', options: lengthOptions },
  { name: 'tone', options: toneOptions },
  { name: 'intent', options: intentOptions },
  { name: 'sentiment', options: sentimentOptions },
  { name: 'structure', options: structureOptions },
] as const satisfies ReadonlyArray<{ name: keyof Preferences; options: readonly string[] }>;

/** Reading stored preferences (unknown or missing values to their fallbacks) lives with the options. */
export { resolvePreferences } from './idea-options.ts';

/** The catalogue key of an option label, e.g. `generation.preferences.platform.linkedin`. */
export function preferenceOptionLabelKey(group: keyof Preferences, option: string): string {
  return `generation.preferences.${group}.${option}`;
}

/** The catalogue key of a group name, e.g. `generation.preferences.groups.platform`. */
export function preferenceGroupLabelKey(group: keyof Preferences): string {
  return `generation.preferences.groups.${group}`;
}
