import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once';

/**
 * A form resolver whose schema, and zod with it (a large library), load on first use rather than
 * with the page: the public forms (registration, Contact Us) paint without them. `preload`
 * starts the load early (the form calls it when a field gets focus), so validation is not kept
 * waiting.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  // offline: the next validation tries again
  const preload = loadOnce(load);
  const resolver: Resolver<T> = async (values, context, options) => (await preload())(values, context, options);
  return { resolver, preload };
}
