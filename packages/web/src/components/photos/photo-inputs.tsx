import { CameraIcon, ImagePlusIcon } from 'lucide-react';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/lib/use-media-query';
import { imageFilesOf } from './photo-checks';

/** "Add photos" (the file picker, several at once) and, on phones, "Take a photo" (the back camera). */
export function PhotoPickerButtons({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  // Phones and tablets (a coarse pointer) get a camera button beside the picker.
  const hasCamera = useMediaQuery('(pointer: coarse)');
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const take = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    // The same file can be chosen again after a failure.
    input.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <Button variant="outline" disabled={disabled} onClick={() => pickerRef.current?.click()}>
        <ImagePlusIcon aria-hidden />
        {t('photos.picker.choose')}
      </Button>
      <input
        ref={pickerRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('photos.picker.choose')}
        data-testid="photo-picker"
        onChange={(event) => take(event.currentTarget)}
      />
      {hasCamera ? (
        <>
          <Button variant="outline" disabled={disabled} onClick={() => cameraRef.current?.click()}>
            <CameraIcon aria-hidden />
            {t('photos.picker.camera')}
          </Button>
          <input
            ref={cameraRef}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            aria-label={t('photos.picker.camera')}
            onChange={(event) => take(event.currentTarget)}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * Photos dropped on, or pasted into, an area (the idea form, the Edit dialog): spread `handlers` on
 * it. A paste without an image (text) is left to the browser; a drop shows while it hovers.
 */
export function usePhotoDropTarget(onFiles: (files: File[]) => void) {
  const [isDragging, setDragging] = useState(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return {
    isDragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      },
      onPaste: (event: ClipboardEvent) => {
        const images = imageFilesOf(event.clipboardData);
        if (images.length === 0) return;
        event.preventDefault();
        onFiles(images);
      },
    },
  };
}
