import { maxPhotoBytes, maxPhotoMegabytes, maxPhotosPerIdea } from '@life-updates/contract/photo-options';

/** A file the app does not send, with the catalogue's message for it (the server's own words). */
type RefusedPhoto = {
  file: File;
  messageKey: 'photos.errors.tooMany' | 'photos.errors.tooLarge' | 'photos.errors.unsupportedType';
  values: { limit?: number };
};

/**
 * The checks the server makes, made before sending so the user hears at once: an image, at most
 * `maxPhotoBytes`, at most `maxPhotosPerIdea` on the idea (`alreadyOnIdea` counts those stored
 * and those on their way). The server stays the judge: it reads the file's bytes, not its type.
 */
export function checkPhotoFiles(
  files: readonly File[],
  alreadyOnIdea: number,
): { accepted: File[]; refused: RefusedPhoto[] } {
  const accepted: File[] = [];
  const refused: RefusedPhoto[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) {
      refused.push({ file, messageKey: 'photos.errors.unsupportedType', values: {} });
    } else if (file.size > maxPhotoBytes) {
      refused.push({ file, messageKey: 'photos.errors.tooLarge', values: { limit: maxPhotoMegabytes } });
    } else if (alreadyOnIdea + accepted.length >= maxPhotosPerIdea) {
      refused.push({ file, messageKey: 'photos.errors.tooMany', values: { limit: maxPhotosPerIdea } });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, refused };
}

/** The image files of a paste or a drop (anything else, text included, is left alone). */
export function imageFilesOf(data: DataTransfer | null): File[] {
  return data ? [...data.files].filter((file) => file.type.startsWith('image/')) : [];
}
