import { toast } from 'sonner';

/** Copies `text` to the clipboard and confirms it with `copiedMessage`. */
export async function copyText(text: string, copiedMessage: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copiedMessage);
  } catch {
    // Refused (no permission, an insecure page): the text stays on screen to select by hand.
  }
}
