import { apiErrorSchema } from '@life-updates/contract/errors';
import { publicAddressSchema, publicAddressUpdateSchema } from '@life-updates/contract/public-address';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/app-error.ts';
import { requireAdmin } from '../../lib/session.ts';
import { canOfferOneClickUnsubscribe } from '../../lib/unsubscribe-token.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

/** Settings → Admin → Public address: the origin links in emails are built from. In the admin scope (admin-api.ts: admins only). */
export async function publicAddressRoutes(app: FastifyInstance) {
  const { publicAddress } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const current = async () => ({
    address: await publicAddress.read(),
    fixedByEnvironment: publicAddress.fixed !== undefined,
    // Judged on the origin links are actually built from (the default one when none is stored yet).
    isOneClickUnsubscribeOn: canOfferOneClickUnsubscribe(await publicAddress.forLinks()),
  });

  typed.get(
    '/public-address',
    { schema: { tags: ['admin'], response: { 200: publicAddressSchema, ...errors } } },
    async () => current(),
  );

  typed.put(
    '/public-address',
    { schema: { tags: ['admin'], body: publicAddressUpdateSchema, response: { 200: publicAddressSchema, ...errors } } },
    async (request) => {
      const admin = requireAdmin(request);
      if (publicAddress.fixed !== undefined) throw conflict('publicAddress.fixedByEnvironment');
      await publicAddress.write(request.body.address);
      request.log.info({ adminId: admin.id, address: request.body.address }, 'public address changed');
      return current();
    },
  );
}
