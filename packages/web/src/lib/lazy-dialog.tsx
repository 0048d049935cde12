import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import { loadOnce } from './load-once';

/*
 * Dialogs are not needed to paint a screen: their code (radix Dialog's focus trap, scroll lock and
 * layers, forms, validation) loads when one first opens. `preload()` fetches it ahead, e.g. when
 * the pointer or focus reaches the button that opens it, so the first open shows no delay.
 */

type Loader<P> = () => Promise<ComponentType<P>>;

function loader<P>(load: Loader<P>) {
  const get = loadOnce(load);
  const makeLazy = () =>
    lazy(() =>
      get().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          // React keeps a lazy component's failure for good: a fresh one lets a failed fetch
          // (offline) be tried again on the next open.
          Lazy = makeLazy();
          throw error;
        },
      ),
    );
  let Lazy = makeLazy();
  const preload = () => void get().catch(() => undefined);
  return { current: () => Lazy, preload };
}

/**
 * A dialog driven by an `open` prop: nothing is loaded or rendered until it first opens; then it
 * stays mounted so that it can animate out.
 */
export function lazyDialog<P extends { open: boolean }>(load: Loader<P>) {
  const { current, preload } = loader(load);
  function LazyDialog(props: P) {
    const [wasOpened, setWasOpened] = useState(props.open);
    if (props.open && !wasOpened) setWasOpened(true);
    if (!wasOpened) return null;
    const Lazy = current();
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}

/** A dialog that is open whenever it is rendered (the caller mounts it to open it). */
export function lazyOpenDialog<P extends object>(load: Loader<P>) {
  const { current, preload } = loader(load);
  function LazyOpenDialog(props: P) {
    const Lazy = current();
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  }
  return Object.assign(LazyOpenDialog, { preload });
}
