import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { loadOnce } from './load-once';

/*
 * sonner's `toast`, without putting sonner (docs/benchmarks.md has its size) on any screen's first-paint path:
 * its code is fetched on the first toast (the late-mounted toaster has usually loaded it already;
 * see app/provider.tsx), then every call goes straight through. Toasts keep the order in which
 * they were asked for. Each toast gets its id here, so `toast.loading` can hand it back at once
 * for a later `{ id }` update or `toast.dismiss(id)`, as with sonner itself.
 */

type Sonner = typeof sonnerToast;
type ToastId = string | number;
type Message = Parameters<Sonner['success']>[0];
type Kind = 'message' | 'success' | 'error' | 'info' | 'warning' | 'loading';

let sonner: Sonner | undefined;

const load = loadOnce(() => import('sonner').then((module) => (sonner = module.toast)));

function run(show: (toast: Sonner) => void) {
  if (sonner) show(sonner);
  else
    load().then(show, () => {
      // Offline: this toast is dropped; the next one tries the load again.
    });
}

let lastId = 0;

function show(kind: Kind) {
  return (message: Message, data?: ExternalToast): ToastId => {
    lastId += 1;
    const id = data?.id ?? `toast-${lastId}`;
    run((toast) => toast[kind](message, { ...data, id }));
    return id;
  };
}

export const toast = {
  message: show('message'),
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  loading: show('loading'),
  dismiss: (id?: ToastId) => run((toast) => toast.dismiss(id)),
};
