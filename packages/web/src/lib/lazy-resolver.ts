import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema, and zod with it (about 25 KiB gzip), load on first use rather than
 * with the page: the public forms (sign-in, registration, Contact Us) paint without them. `preload`
 * starts the load early (the form calls it when a field gets focus), so validation is not kept
 * waiting.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let pending: Promise<Resolver<T>> | undefined;
  const preload = () => {
    pending ??= load();
    pending.catch(() => {
      // offline: the next validation tries again
      pending = undefined;
    });
    return pending;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await preload())(values, context, options);
  return { resolver, preload };
}
