import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { instanceSettings } from '../../db/schema.ts';

const settingKey = 'public_address';

/**
 * The address a browser used for this request, as the request itself says: its Host (or, with
 * TRUST_PROXY, the proxy's X-Forwarded-Host and X-Forwarded-Proto; Fastify reads them only then).
 * Good only for comparing with the same request's Origin: never for building a link, since any
 * client can send any Host.
 */
export function requestOrigin(request: FastifyRequest): string {
  return originOf(`${request.protocol}://${request.host}`);
}

/** A URL's origin, or 'invalid' (which no real origin equals) when it is not a URL. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Where links in emails point. BASE_URL when it is set; otherwise the origin at which the first
 * account registered, stored in the database and editable by an admin; on an instance upgraded
 * from before it was stored, `http://localhost:PORT` until an admin sets it.
 */
export type PublicAddress = ReturnType<typeof createPublicAddress>;

export function createPublicAddress({ config, db }: { config: Config; db: Database }) {
  const fixed = config.BASE_URL_IS_SET ? new URL(config.BASE_URL).origin : undefined;
  const stored = async () => {
    const [row] = await db
      .select({ value: instanceSettings.value })
      .from(instanceSettings)
      .where(eq(instanceSettings.key, settingKey));
    return row?.value ?? null;
  };
  return {
    /** BASE_URL's origin when the operator set it, else undefined. */
    fixed,
    /** The stored or fixed address, or null when none is known yet. */
    read: async () => fixed ?? (await stored()),
    /** The origin links are built from (never null). */
    forLinks: async () => fixed ?? (await stored()) ?? new URL(config.BASE_URL).origin,
    /** Stores `origin` unless an address is already stored (the first account's registration). */
    async recordFirst(origin: string) {
      await db.insert(instanceSettings).values({ key: settingKey, value: origin }).onConflictDoNothing();
    },
    /** An admin's edit. */
    async write(origin: string) {
      await db
        .insert(instanceSettings)
        .values({ key: settingKey, value: origin })
        .onConflictDoUpdate({ target: instanceSettings.key, set: { value: origin, updatedAt: new Date() } });
    },
  };
}

/** A link better-auth built (from the request's own origin) moved onto the public address. */
export function onPublicAddress(link: string, publicOrigin: string): string {
  const url = new URL(link);
  const target = new URL(publicOrigin);
  url.protocol = target.protocol;
  url.host = target.host;
  return url.toString();
}
