import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { moveItem } from './idea-photos-editor';
import { PendingPhotos } from './pending-photos';
import type { PendingPhoto } from './use-photo-uploads';

const pending = (name: string, values: Partial<PendingPhoto>): PendingPhoto => ({
  id: name,
  file: new File([new Uint8Array(4)], name, { type: 'image/png' }),
  previewUrl: `blob:${name}`,
  key: `key-${name}`,
  ideaId: 'idea-1',
  state: 'attached',
  progress: 0,
  ...values,
});

describe('photos on their way', () => {
  it('shows each preview: uploading with its progress, failed with the reason and Retry', async () => {
    const onRetry = vi.fn();
    const onRemove = vi.fn();
    render(
      <PendingPhotos
        photos={[
          pending('held.png', { ideaId: null }),
          pending('going.png', { state: 'uploading', progress: 40 }),
          pending('big.png', { state: 'failed', error: 'This photo is too large. The limit is 20 MB per photo.' }),
        ]}
        onRetry={onRetry}
        onRemove={onRemove}
      />,
    );
    const list = screen.getByRole('list', { name: 'Photos to upload' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((image) => image.getAttribute('src')),
    ).toEqual(['blob:held.png', 'blob:going.png', 'blob:big.png']);
    expect(screen.getByRole('progressbar', { name: 'Uploading going.png: 40%' })).toBeInTheDocument();
    // An upload under way cannot be removed; the others can.
    expect(screen.queryByRole('button', { name: 'Remove going.png' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This photo is too large. The limit is 20 MB per photo.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('big.png');
    await userEvent.click(screen.getByRole('button', { name: 'Remove held.png' }));
    expect(onRemove).toHaveBeenCalledWith('held.png');
  });

  it('shows nothing when there are none', () => {
    const { container } = render(<PendingPhotos photos={[]} onRetry={vi.fn()} onRemove={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('moving a photo', () => {
  it('moves one item to another place, and leaves the order alone for a place outside the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });
});
