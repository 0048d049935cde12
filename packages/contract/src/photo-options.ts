/*
 * The photo limits without zod: My Stories' attach and show code needs these but not the schemas
 * (zod is large: docs/benchmarks.md). `photos.ts` re-exports everything here.
 */

/** Photos on an idea: at most this many per idea. */
export const maxPhotosPerIdea = 10;
/** The largest file accepted, before processing: the upload is cut off as soon as it passes this. */
export const maxPhotoBytes = 20 * 1024 * 1024;
export const maxPhotoMegabytes = maxPhotoBytes / 1024 / 1024;
/** The most pixels a photo may have, in millions (width × height): about the largest phone and camera photos. */
export const maxPhotoMegapixels = 100;
/** Alt text, for people who cannot see the picture. */
export const maxPhotoAltLength = 300;
/** The stored image is at most this many pixels on its long side (never enlarged). */
export const photoLongSide = 2048;
/** The thumbnail: at most this many pixels on its long side. */
export const thumbnailLongSide = 400;

/**
 * What the server recognises by a file's first bytes (never its name or the browser's word).
 * HEIC/HEIF is accepted when the server's image library can decode it.
 */
export const acceptedPhotoTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/heic',
  'image/heif',
] as const;

/** The multipart field carrying each photo of an upload. */
export const photoFieldName = 'file';
