import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../lib/session.ts';
import { aiProvidersRoutes } from '../ai-providers/ai-providers-routes.ts';
import { transcriptionSettingsRoutes } from '../ai-providers/transcription-settings-routes.ts';
import { backupsRoutes } from '../backups/backups-routes.ts';
import { publicAddressRoutes } from '../public-address/public-address-routes.ts';
import { adminRoutes } from './admin-routes.ts';

/**
 * Settings → Admin's API: one encapsulated scope (app.ts registers it under /api/admin) whose every
 * route needs the admin role. The check belongs to the scope, so it holds for each route a request
 * reaches here, however its path was spelled; a route added to the scope is covered without a word.
 * Handlers that act as the admin take them from `requireAdmin(request)` too.
 */
export async function adminApi(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
  await app.register(adminRoutes);
  await app.register(publicAddressRoutes);
  await app.register(backupsRoutes);
  await app.register(aiProvidersRoutes);
  await app.register(transcriptionSettingsRoutes);
}
