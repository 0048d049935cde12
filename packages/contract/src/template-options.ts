/*
 * The built-in template ids without zod: My Stories' share flow and Summeris name templates with
 * these but need no schema (zod is about 25 KiB gzip). `templates.ts` re-exports everything here.
 */

// ── Built-ins (spec §3: ids personal-brand, startup, corporate; a fallback default) ──

export const builtInTemplateIds = ['personal-brand', 'startup', 'corporate'] as const;
export type BuiltInTemplateId = (typeof builtInTemplateIds)[number];

/** The id of the fallback default used when the user has chosen none (also when template_id is null). */
export const fallbackTemplateId = 'default';

export function isBuiltInTemplateId(id: string): id is BuiltInTemplateId {
  return (builtInTemplateIds as readonly string[]).includes(id);
}
