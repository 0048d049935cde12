import {
  contactExportFileName,
  contactExportQuerySchema,
  contactFileTypes,
  contactIdParamsSchema,
  contactImportRequestSchema,
  contactImportResultSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactSchema,
} from '@life-updates/contract/contacts';
import { contactsToCsv, contactsToVcard } from '@life-updates/contract/contact-files';
import { apiErrorSchema } from '@life-updates/contract/errors';
import { pickLocale, translate } from '@life-updates/contract/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/session.ts';
import {
  createContact,
  deleteContact,
  findContacts,
  getContact,
  importContacts,
  updateContact,
} from './contacts-service.ts';

/**
 * Runs a service call; an unexpected failure (a database error) is logged and answered with the
 * operation's own catalogue message, never with the raw database text.
 */
async function orFail<T>(request: FastifyRequest, failureKey: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    request.log.error({ err: error, requestId: request.id }, `contacts: ${failureKey}`);
    throw new AppError({ status: 500, code: 'CONTACTS_FAILED', message: failureKey });
  }
}

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 500: apiErrorSchema };
const tags = ['contacts'];

export async function contactsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/contacts',
    {
      schema: {
        tags,
        querystring: contactListQuerySchema,
        response: { 200: contactListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      contacts: await orFail(request, 'contacts.errors.listFailed', () =>
        findContacts({ db, userId: requireUser(request).id, query: request.query }),
      ),
    }),
  );

  // Registered before /:id in intent too; find-my-way prefers the static segment anyway.
  typed.get(
    '/api/contacts/export',
    {
      schema: {
        tags,
        description: 'All contacts sorted by name, as a CSV or vCard 4.0 attachment.',
        querystring: contactExportQuerySchema,
        produces: [contactFileTypes.csv.contentType, contactFileTypes.vcard.contentType],
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const { format } = request.query;
      const body = await orFail(request, 'contacts.errors.exportFailed', async () => {
        const contacts = await findContacts({ db, userId, query: { sortBy: 'name', sortDirection: 'asc' } });
        return format === 'vcard' ? contactsToVcard(contacts) : contactsToCsv(contacts);
      });
      return reply
        .header('content-type', contactFileTypes[format].contentType)
        .header('content-disposition', `attachment; filename="${contactExportFileName(format)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  typed.get(
    '/api/contacts/:id',
    { schema: { tags, params: contactIdParamsSchema, response: { 200: contactSchema, ...errorResponses } } },
    async (request) =>
      orFail(request, 'contacts.errors.getFailed', () =>
        getContact({ db, userId: requireUser(request).id, contactId: request.params.id }),
      ),
  );

  typed.post(
    '/api/contacts',
    { schema: { tags, body: contactInputSchema, response: { 201: contactSchema, ...errorResponses } } },
    async (request, reply) => {
      const contact = await orFail(request, 'contacts.errors.createFailed', () =>
        createContact({ db, userId: requireUser(request).id, form: request.body }),
      );
      return reply.status(201).send(contact);
    },
  );

  typed.put(
    '/api/contacts/:id',
    {
      schema: {
        tags,
        params: contactIdParamsSchema,
        body: contactInputSchema,
        response: { 200: contactSchema, ...errorResponses },
      },
    },
    async (request) =>
      orFail(request, 'contacts.errors.updateFailed', () =>
        updateContact({ db, userId: requireUser(request).id, contactId: request.params.id, form: request.body }),
      ),
  );

  typed.delete(
    '/api/contacts/:id',
    { schema: { tags, params: contactIdParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await orFail(request, 'contacts.errors.deleteFailed', () =>
        deleteContact({ db, userId: requireUser(request).id, contactId: request.params.id }),
      );
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/contacts/import',
    {
      // 1000 rows with long descriptions do not fit the app-wide 1 MiB.
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags,
        body: contactImportRequestSchema,
        response: { 200: contactImportResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const locale = pickLocale(request.headers['accept-language']);
      const result = await orFail(request, 'contacts.errors.importFailed', () =>
        importContacts({ db, userId: requireUser(request).id, rows: request.body.contacts }),
      );
      const errors = result.errors.map((error) => ({
        ...error,
        fields: Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, translate(key, locale)])),
      }));
      return { ...result, errors };
    },
  );
}
