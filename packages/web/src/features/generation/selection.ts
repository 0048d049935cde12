/**
 * Which ideas a screen opens with. The dashboard passes them as navigation state
 * (`selectedIdea` for /create, `selectedIdeas` for /generate), either whole idea objects or ids;
 * the URL (`?idea=` / `?ideas=a,b`) keeps them across a reload.
 */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id || null;
  }
  return null;
}

export function selectedIdeaId(state: unknown, search: URLSearchParams): string | null {
  const fromState =
    typeof state === 'object' && state !== null ? idOf((state as { selectedIdea?: unknown }).selectedIdea) : null;
  return fromState ?? idOf(search.get('idea'));
}

export function selectedIdeaIds(state: unknown, search: URLSearchParams): string[] {
  const fromState =
    typeof state === 'object' && state !== null ? (state as { selectedIdeas?: unknown }).selectedIdeas : undefined;
  const raw = Array.isArray(fromState)
    ? fromState.map(idOf)
    : fromState !== undefined && idOf(fromState) !== null
      ? [idOf(fromState)]
      : (search.get('ideas') ?? '').split(',').map(idOf);
  // Order matters (it is the share's idea_ids order); duplicates do not.
  return [...new Set(raw.filter((id): id is string => id !== null))];
}

/** "Jan 5, 2025 • 3:04 PM" in the user's locale. */
export function formatCreatedAt(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
  return `${day} • ${time}`;
}
