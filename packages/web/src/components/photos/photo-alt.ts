import type { Photo } from '@life-updates/contract/photos';
import type { TFunction } from 'i18next';

/** What an image of the photo says to a screen reader: its alt text, else its place among the idea's photos. */
export const photoAlt = (t: TFunction, photo: Pick<Photo, 'alt'>, index: number) =>
  photo.alt ?? t('photos.list.untitled', { number: index + 1 });
