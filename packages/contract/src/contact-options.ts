/*
 * The contact options and limits without zod: the web app's Contacts screen and its export need
 * these lists but not the schemas (zod is large: docs/benchmarks.md), which load with the contact form.
 * `contacts.ts` re-exports everything here.
 */

// ── Relationship ──

export const relationships = ['family', 'friend', 'colleague', 'client', 'other'] as const;
export type Relationship = (typeof relationships)[number];

/** The relationship filter of the Contacts screen: a relationship, or "all" ("All relationships"). */
export const relationshipFilters = ['all', ...relationships] as const;
export type RelationshipFilter = (typeof relationshipFilters)[number];

export const contactLimits = {
  name: 200,
  email: 254,
  phone: 50,
  description: 2000,
  search: 200,
  /** Rows one import request may carry. */
  importRows: 1000,
} as const;

// ── List sort (default created_at desc) ──

export const contactSortFields = ['name', 'email', 'created_at', 'updated_at', 'relationship'] as const;
export type ContactSortField = (typeof contactSortFields)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

// ── Files ──

export const contactFileFormats = ['csv', 'vcard'] as const;
export type ContactFileFormat = (typeof contactFileFormats)[number];

export const contactFileTypes: Record<ContactFileFormat, { contentType: string; extension: string; accept: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv', accept: '.csv,text/csv' },
  vcard: { contentType: 'text/vcard; charset=utf-8', extension: 'vcf', accept: '.vcf,.vcard,text/vcard,text/x-vcard' },
};

/** `contacts-2025-01-31.vcf` */
export function contactExportFileName(format: ContactFileFormat, date: Date = new Date()): string {
  return `contacts-${date.toISOString().slice(0, 10)}.${contactFileTypes[format].extension}`;
}
