import { maxPhotoBytes, maxPhotosPerIdea } from '@life-updates/contract/photo-options';
import { describe, expect, it } from 'vitest';
import { checkPhotoFiles, imageFilesOf } from './photo-checks';

const photo = (name: string, { type = 'image/jpeg', bytes = 10 } = {}) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('the checks before a photo is sent (mirroring the server)', () => {
  it('takes images within the size and count limits', () => {
    const files = [photo('a.jpg'), photo('b.png', { type: 'image/png' }), photo('c.heic', { type: 'image/heic' })];
    expect(checkPhotoFiles(files, 0)).toEqual({ accepted: files, refused: [] });
  });

  it('refuses a file that is not an image, and one over 20 MB, with the catalogue’s messages', () => {
    const text = photo('notes.txt', { type: 'text/plain' });
    const exact = photo('exact.jpg', { bytes: maxPhotoBytes });
    const large = photo('large.jpg', { bytes: maxPhotoBytes + 1 });
    const { accepted, refused } = checkPhotoFiles([text, exact, large], 0);
    expect(accepted).toEqual([exact]);
    expect(refused).toEqual([
      { file: text, messageKey: 'photos.errors.unsupportedType', values: {} },
      { file: large, messageKey: 'photos.errors.tooLarge', values: { limit: 20 } },
    ]);
  });

  it(`counts the photos already on the idea: at most ${maxPhotosPerIdea} in all`, () => {
    const files = [photo('1.jpg'), photo('2.jpg'), photo('3.jpg')];
    const { accepted, refused } = checkPhotoFiles(files, maxPhotosPerIdea - 2);
    expect(accepted.map((file) => file.name)).toEqual(['1.jpg', '2.jpg']);
    expect(refused).toEqual([{ file: files[2], messageKey: 'photos.errors.tooMany', values: { limit: 10 } }]);
    expect(checkPhotoFiles([photo('x.jpg')], maxPhotosPerIdea).accepted).toEqual([]);
  });

  it('takes only the images of a paste (text pasted alongside is left alone)', () => {
    const image = photo('pasted.png', { type: 'image/png' });
    const data = { files: [image, photo('clip.txt', { type: 'text/plain' })] } as unknown as DataTransfer;
    expect(imageFilesOf(data)).toEqual([image]);
    expect(imageFilesOf(null)).toEqual([]);
  });
});
