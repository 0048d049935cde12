import {
  normalizeContactForm,
  relationships,
  validateContactRow,
  type Contact,
  type ContactFields,
  type ContactForm,
  type ContactImportResult,
  type ContactImportRow,
  type ContactListQuery,
  type Relationship,
} from '@life-updates/contract/contacts';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../../db/contains-pattern.ts';
import { contacts } from '../../db/schema.ts';
import { byIdAndOwner, type UserScope } from '../../db/owned.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';

type ContactRow = typeof contacts.$inferSelect;

function toContact(row: ContactRow): Contact {
  const relationship = (relationships as readonly string[]).includes(row.relationship ?? '')
    ? (row.relationship as Relationship)
    : null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    relationship,
    description: row.description,
    templateId: row.templateId,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    bouncedAt: row.bouncedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Contact writes: every write names its owner. */
function assertOwner(userId: string, key = 'contacts.errors.userIdRequired') {
  if (!userId) throw badRequest(key);
}

/** A malformed id can't match a row: answer "Contact not found" rather than a database cast error. */
function ownedContact(userId: string, contactId: string): SQL {
  if (!isUuid(contactId)) throw notFound('contacts.errors.notFound');
  return byIdAndOwner(contacts, contactId, userId);
}

function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  const conditions = [ilike(contacts.name, pattern), ilike(contacts.email, pattern), ilike(contacts.phone, pattern)];
  // "9991234567" finds "+7 (999) 123-45-67": phone-shaped searches also match the phone's digits.
  const digits = search.replace(/\D/g, '');
  if (digits.length > 0 && /^[\d\s()+-]+$/.test(search)) {
    conditions.push(sql`regexp_replace(coalesce(${contacts.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...conditions)!;
}

const byName = [asc(sql`lower(${contacts.name})`), asc(contacts.id)];

function ordering(query: ContactListQuery): SQL[] {
  const direction = query.sortDirection === 'asc' ? asc : desc;
  switch (query.sortBy) {
    case 'name':
      return [direction(sql`lower(${contacts.name})`), asc(contacts.id)];
    case 'email':
      return [direction(sql`lower(${contacts.email})`), ...byName];
    case 'updated_at':
      return [direction(contacts.updatedAt), ...byName];
    case 'relationship':
      // Contacts without a relationship come last in either direction.
      return [sql`${contacts.relationship} ${sql.raw(query.sortDirection)} nulls last`, ...byName];
    case 'created_at':
      return [direction(contacts.createdAt), ...byName];
  }
}

/**
 * The user's contacts: search over name, email and phone (case-insensitive,
 * partial), relationship filter (ignored while searching), sort.
 */
export async function findContacts({
  db,
  userId,
  query,
}: UserScope<Database> & { query: ContactListQuery }): Promise<Contact[]> {
  const conditions: SQL[] = [eq(contacts.userId, userId)];
  const search = query.search?.trim();
  if (search) conditions.push(searchCondition(search));
  else if (query.relationship && query.relationship !== 'all')
    conditions.push(eq(contacts.relationship, query.relationship));
  const rows = await db
    .select()
    .from(contacts)
    .where(and(...conditions))
    .orderBy(...ordering(query));
  return rows.map(toContact);
}

export async function getContact({
  db,
  userId,
  contactId,
}: UserScope<Database> & { contactId: string }): Promise<Contact> {
  const [row] = await db.select().from(contacts).where(ownedContact(userId, contactId));
  if (!row) throw notFound('contacts.errors.notFound');
  return toContact(row);
}

export async function createContact({
  db,
  userId,
  form,
}: UserScope<Database> & { form: ContactForm }): Promise<Contact> {
  assertOwner(userId);
  const fields = normalizeContactForm(form);
  const [row] = await db
    .insert(contacts)
    .values({ ...fields, userId })
    .returning();
  return toContact(row!);
}

/** Replaces the form's fields; an omitted phone, relationship or description keeps its value. */
export async function updateContact({
  db,
  userId,
  contactId,
  form,
}: UserScope<Database> & { contactId: string; form: ContactForm }): Promise<Contact> {
  const where = ownedContact(userId, contactId);
  const { name, email, phone, relationship, description } = normalizeContactForm(form);
  const fields: PgUpdateSetSource<typeof contacts> = {
    name,
    email,
    // A new address may well work: the bounce was the old one's. An unsubscribe stays: it is the person's.
    bouncedAt: sql`case when lower(${contacts.email}) = lower(${email}) then ${contacts.bouncedAt} end`,
  };
  if (phone !== undefined) fields.phone = phone;
  if (relationship !== undefined) fields.relationship = relationship;
  if (description !== undefined) fields.description = description;
  const [row] = await db.update(contacts).set(fields).where(where).returning();
  if (!row) throw notFound('contacts.errors.notFound');
  return toContact(row);
}

export async function deleteContact({
  db,
  userId,
  contactId,
}: UserScope<Database> & { contactId: string }): Promise<void> {
  const deleted = await db.delete(contacts).where(ownedContact(userId, contactId)).returning({ id: contacts.id });
  if (deleted.length === 0) throw notFound('contacts.errors.notFound');
}

/**
 * Bulk import. Each row is checked with the contact form rules; a row whose
 * email (case-insensitive) is already one of the user's contacts, or repeats an earlier row, is
 * skipped. Everything is inserted in one transaction, all owned by `userId`. Row errors carry
 * catalogue keys; the route translates them.
 */
export async function importContacts({
  db,
  userId,
  rows,
}: UserScope<Database> & { rows: readonly ContactImportRow[] }): Promise<ContactImportResult> {
  assertOwner(userId, 'contacts.errors.importUserIdRequired');
  if (rows.length === 0) throw badRequest('contacts.errors.importEmpty');

  const errors: ContactImportResult['errors'] = [];
  const candidates: Array<{ row: number; contact: ContactFields }> = [];
  rows.forEach((fields, index) => {
    const checked = validateContactRow(fields);
    if (checked.success) candidates.push({ row: index + 1, contact: checked.contact });
    else
      errors.push({
        row: index + 1,
        name: fields.name?.trim() || null,
        email: fields.email?.trim() || null,
        fields: checked.fields,
      });
  });

  return db.transaction(async (transaction) => {
    // Two imports of one user at once must not both insert the same email.
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`contacts-import:${userId}`}))`);
    const emails = [...new Set(candidates.map(({ contact }) => contact.email.toLowerCase()))];
    const existing =
      emails.length === 0
        ? []
        : await transaction
            .select({ email: sql<string>`lower(${contacts.email})` })
            .from(contacts)
            .where(and(eq(contacts.userId, userId), inArray(sql`lower(${contacts.email})`, emails)));
    const existingEmails = new Set(existing.map(({ email }) => email));
    const seen = new Set<string>();
    const fresh: ContactFields[] = [];
    const skipped: ContactImportResult['skipped'] = [];
    for (const { row, contact } of candidates) {
      const key = contact.email.toLowerCase();
      if (existingEmails.has(key)) skipped.push({ row, email: contact.email, reason: 'existing' });
      else if (seen.has(key)) skipped.push({ row, email: contact.email, reason: 'duplicateInFile' });
      else {
        seen.add(key);
        fresh.push(contact);
      }
    }
    if (fresh.length > 0) await transaction.insert(contacts).values(fresh.map((contact) => ({ ...contact, userId })));
    return { created: fresh.length, skipped, errors };
  });
}

/** The ids among `contactIds` that are the user's contacts, in the order given, each once. */
export async function filterOwnContactIds({
  db,
  userId,
  contactIds,
}: UserScope & { contactIds: readonly string[] }): Promise<string[]> {
  const wanted = [...new Set(contactIds)].filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, wanted)));
  const own = new Set(rows.map((row) => row.id));
  return wanted.filter((id) => own.has(id));
}
