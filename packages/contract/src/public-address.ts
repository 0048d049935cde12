import { z } from 'zod';

// ── The public address (Settings → Admin): where links in emails point ──

/**
 * GET /api/admin/public-address. `fixedByEnvironment` is true when BASE_URL is set: the address
 * is then read-only in the app. `address` is null on an instance where nobody has registered yet.
 * `isOneClickUnsubscribeOn` is whether update emails offer one-click unsubscribe
 * (`List-Unsubscribe-Post`): only when the address their links use is https (RFC 8058 §3.1).
 */
export const publicAddressSchema = z.object({
  address: z.string().nullable(),
  fixedByEnvironment: z.boolean(),
  isOneClickUnsubscribeOn: z.boolean(),
});
export type PublicAddress = z.infer<typeof publicAddressSchema>;

/** An origin only: http(s), a host, an optional port; no path, query, fragment or credentials. */
export const publicOriginSchema = z
  .string()
  .trim()
  .min(1, 'publicAddress.validation.required')
  .max(300, 'validation.tooLong')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.username === '' &&
        url.password === '' &&
        url.search === '' &&
        url.hash === '' &&
        url.pathname === '/'
      );
    } catch {
      return false;
    }
  }, 'publicAddress.validation.origin')
  .transform((value) => new URL(value).origin);

export const publicAddressUpdateSchema = z.object({ address: publicOriginSchema });
export type PublicAddressUpdate = z.input<typeof publicAddressUpdateSchema>;
