import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { PhotoPickerButtons, usePhotoDropTarget } from './photo-inputs';

/** A page whose pointer is coarse (a phone) or not. */
function stubPointer(isCoarse: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(pointer: coarse)' ? isCoarse : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('the photo picker', () => {
  it('chooses several images at once; no camera button on a desktop', async () => {
    stubPointer(false);
    const onFiles = vi.fn();
    render(<PhotoPickerButtons onFiles={onFiles} />);
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();
    const input = screen.getByTestId('photo-picker');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input, [png('one.png'), png('two.png')]);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect((onFiles.mock.calls[0]?.[0] as File[]).map((file) => file.name)).toEqual(['one.png', 'two.png']);
    // Cleared, so the same photo can be chosen again after a failure.
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('offers the back camera on a phone', () => {
    stubPointer(true);
    render(<PhotoPickerButtons onFiles={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Take a photo', { selector: 'input' })).toHaveAttribute('capture', 'environment');
  });
});

function DropArea({ onFiles }: { onFiles: (files: File[]) => void }) {
  const drop = usePhotoDropTarget(onFiles);
  return (
    <div data-testid="area" data-dragging={drop.isDragging} {...drop.handlers}>
      <textarea aria-label="Text" />
    </div>
  );
}

describe('dropping and pasting photos', () => {
  it('takes files dropped on the area, showing while they hover', () => {
    const onFiles = vi.fn();
    render(<DropArea onFiles={onFiles} />);
    const area = screen.getByTestId('area');
    const file = png('dropped.png');
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    fireEvent.dragOver(area, { dataTransfer });
    expect(area).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(area, { dataTransfer });
    expect(area).toHaveAttribute('data-dragging', 'false');
    expect(onFiles).toHaveBeenCalledWith([file]);
  });

  it('takes a pasted image, and leaves a paste of text to the text box', () => {
    const onFiles = vi.fn();
    render(<DropArea onFiles={onFiles} />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    fireEvent.paste(box, { clipboardData: { files: [], types: ['text/plain'] } });
    expect(onFiles).not.toHaveBeenCalled();
    const image = png('pasted.png');
    fireEvent.paste(box, { clipboardData: { files: [image], types: ['Files'] } });
    expect(onFiles).toHaveBeenCalledWith([image]);
  });
});
