import { toast } from 'sonner';
import { refusalMessage } from '@/lib/api-client';

/** Makes a change and toasts how it went: `done`, or the refusal's own message, else `failed`. */
export async function toastOutcome(change: () => Promise<unknown>, done: string, failed: string) {
  try {
    await change();
    toast.success(done);
  } catch (error) {
    toast.error(refusalMessage(error, failed));
  }
}
