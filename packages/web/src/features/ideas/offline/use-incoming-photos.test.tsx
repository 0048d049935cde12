import { act, render, screen, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { File as PlatformFile } from 'node:buffer';
import { StrictMode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as incoming from '@/app/routes/incoming';
import { storeIncomingPhotos, takeIncomingPhotos } from './incoming-photos';
import { peekIncomingText } from './incoming-text';
import { useIncomingPhotos } from './use-incoming-photos';

/* IndexedDB in memory, a new one for each test; Node's File is cloneable as a browser's is (incoming-photos.test.ts). */
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  sessionStorage.clear();
  // Toasts outlive a test's render in sonner's own state.
  toast.dismiss();
});

const photo = (name: string) =>
  new PlatformFile([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' }) as unknown as File;

/** What the new-idea form does with the hook: adds the photos to the ones it will upload. */
function SharedPhotos() {
  const [photos, setPhotos] = useState<File[]>([]);
  useIncomingPhotos((files) => setPhotos((current) => [...current, ...files]));
  return (
    <section aria-label="Shared photos">
      <ul>
        {photos.map((file) => (
          <li key={file.name}>{file.name}</li>
        ))}
      </ul>
    </section>
  );
}

/** The photos the form holds, by name. */
const shownPhotos = () =>
  within(screen.getByRole('region', { name: 'Shared photos' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

/** The app's routes that a share passes: GET /share, then My Stories with the form; React's strict mode as in main.tsx. */
function renderShare(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/share', Component: incoming.Component },
      { path: '/dashboard', Component: SharedPhotos },
    ],
    { initialEntries: [path] },
  );
  return render(
    <StrictMode>
      <RouterProvider router={router} />
      <Toaster />
    </StrictMode>,
  );
}

describe('useIncomingPhotos', () => {
  it('gives the form the shared photos once, even with effects run twice, and leaves none behind', async () => {
    await storeIncomingPhotos([photo('tram.jpg'), photo('river.jpg')]);
    const first = renderShare('/share?text=Lisbon');
    expect(await screen.findByText('river.jpg')).toBeInTheDocument();
    expect(shownPhotos()).toEqual(['tram.jpg', 'river.jpg']);
    expect(peekIncomingText()).toBe('Lisbon');
    expect((await takeIncomingPhotos()).files).toEqual([]);
    first.unmount();

    // The form shown again (a reload, another visit): nothing comes back.
    renderShare('/dashboard');
    await act(() => takeIncomingPhotos());
    expect(shownPhotos()).toEqual([]);
  });

  it('says how many shared files were left out', async () => {
    await storeIncomingPhotos(Array.from({ length: 13 }, (_, index) => photo(`photo-${index}.jpg`)));
    renderShare('/dashboard');
    expect(await screen.findByText('photo-9.jpg')).toBeInTheDocument();
    expect(shownPhotos()).toHaveLength(10);
    expect(
      await screen.findByText('3 shared files were left out: an idea takes photos only, 10 at most.'),
    ).toBeInTheDocument();
  });

  it('says so when the photos of a share reached the server instead of the device (GET /share?missedPhotos=…)', async () => {
    renderShare('/share?title=Trip&text=Saw+the+sea&missedPhotos=2');
    expect(
      await screen.findByText(
        'The 2 shared photos did not come through. Share them again in a moment, or add them to the idea yourself.',
      ),
    ).toBeInTheDocument();
    expect(shownPhotos()).toEqual([]);
    expect(peekIncomingText()).toBe('Trip\nSaw the sea');
  });

  it('a share page address whose count is no number still opens My Stories, saying nothing of photos', async () => {
    renderShare('/share?text=Hello&missedPhotos=lots');
    expect(await screen.findByRole('region', { name: 'Shared photos' })).toBeInTheDocument();
    expect(screen.queryByText(/did not come through/)).not.toBeInTheDocument();
  });
});
