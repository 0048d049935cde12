/*
 * The web app manifest's share target without zod (the service worker needs these but not the
 * schema): another app's share sheet opens POST /share with the shared title, text and link, and the
 * photos under `photos`, as multipart form data (packages/web/vite.config.ts). The service worker
 * answers it on the device; where there is none (a first visit, or the browser dropped it), the
 * server does. Both send the browser on to GET /share with the text in the query, where the page
 * keeps it for the new-idea box, as installs from before photos still share it. `share-target.ts`
 * re-exports everything here.
 */

export const shareTargetPath = '/share';

/** The shared text's fields, the same names in the POST's form data and in the GET's query. */
export const sharedTextFields = ['title', 'text', 'url'] as const;
export type SharedText = Partial<Record<(typeof sharedTextFields)[number], string>>;

/** The form data field holding each shared photo. */
export const sharedPhotosField = 'photos';

/**
 * In the GET's query: how many shared photos reached the server instead of the service worker, which
 * cannot keep them for the page.
 */
export const missedPhotosParam = 'missedPhotos';

/** A lone high surrogate left at the end of a cut string (half an emoji) is dropped with it. */
const cutTo = (value: string, length: number) => value.slice(0, length).replace(/[\uD800-\uDBFF]$/, '');

/**
 * Where a POST share sends the browser (303): GET /share with the shared text and, when the photos
 * did not come through, how many. With `maxQueryLength`, the text is cut, then the link left out,
 * then the title cut until the query fits: an address longer than a server reads would fail the
 * page itself.
 */
export function incomingShareLocation(
  shared: SharedText & { missedPhotos?: number },
  { maxQueryLength = Number.POSITIVE_INFINITY }: { maxQueryLength?: number } = {},
): string {
  const values: SharedText = {};
  for (const field of sharedTextFields) {
    const value = shared[field];
    if (value) values[field] = value;
  }
  const queryOf = () => {
    const query = new URLSearchParams(values);
    if (shared.missedPhotos) query.set(missedPhotosParam, String(shared.missedPhotos));
    return query.toString();
  };
  // A cut link leads nowhere: it goes whole; the text and the title are cut.
  for (const field of ['text', 'url', 'title'] as const) {
    while (queryOf().length > maxQueryLength && values[field]) {
      const value = values[field] ?? '';
      values[field] = field === 'url' ? '' : cutTo(value, Math.floor((value.length * 9) / 10));
      if (!values[field]) delete values[field];
    }
  }
  const query = queryOf();
  return query ? `${shareTargetPath}?${query}` : shareTargetPath;
}
