/**
 * Text shared into the app from another app (the manifest's share target, app/routes/incoming.tsx),
 * kept in the tab's sessionStorage until My Stories puts it in the new-idea box: it outlives the
 * detour through sign-in, and is gone with the tab.
 */
const storageKey = 'life-updates.incoming-text';

/**
 * One text from what the sharing app sent: the title, the text and the link, each on its own line,
 * without repeating what is already there (Android apps often put the link inside the text, or the
 * title at its start).
 */
export function composeIncomingText({
  title,
  text,
  url,
}: {
  title?: string | null;
  text?: string | null;
  url?: string | null;
}) {
  const body = text?.trim() ?? '';
  const parts: string[] = [];
  const cleanTitle = title?.trim() ?? '';
  if (cleanTitle && !body.startsWith(cleanTitle)) parts.push(cleanTitle);
  if (body) parts.push(body);
  const link = url?.trim() ?? '';
  if (link && !body.includes(link)) parts.push(link);
  return parts.join('\n');
}

export function storeIncomingText(value: string) {
  try {
    if (value) sessionStorage.setItem(storageKey, value);
  } catch {
    // storage unavailable: the shared text cannot outlive the sign-in
  }
}

/** The shared text waiting for the box, left in place. */
export function peekIncomingText(): string | null {
  try {
    return sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** The shared text waiting for the box, once: it is removed as it is read. */
export function takeIncomingText(): string | null {
  try {
    const value = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
    return value;
  } catch {
    return null;
  }
}
