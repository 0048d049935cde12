/*
 * The built-in template ids without zod: My Stories' share flow and Summeris name templates with
 * these but need no schema (zod is large: docs/benchmarks.md). `templates.ts` re-exports everything here.
 */

// ── Built-ins (ids personal-brand, startup, corporate; a fallback default) ──

export const builtInTemplateIds = ['personal-brand', 'startup', 'corporate'] as const;
export type BuiltInTemplateId = (typeof builtInTemplateIds)[number];

/** The id of the fallback default used when the user has chosen none (also when template_id is null). */
export const fallbackTemplateId = 'default';

export function isBuiltInTemplateId(id: string): id is BuiltInTemplateId {
  return (builtInTemplateIds as readonly string[]).includes(id);
}
