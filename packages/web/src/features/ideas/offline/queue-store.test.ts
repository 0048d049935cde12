import { describe, expect, it } from 'vitest';
import { hasPhotosToSend, type QueuedIdea, type QueuedPhoto } from './queue-store';

const idea = (photos?: QueuedPhoto[]): QueuedIdea => ({
  key: 'k',
  userId: 'u',
  content: 'With photos',
  isAudioRecording: false,
  createdAt: '2026-05-01T09:00:00.000Z',
  photos,
});
const photo = (key: string, isSent: boolean): QueuedPhoto => ({
  key,
  file: new Blob(['x']),
  name: `${key}.png`,
  isSent,
});

describe('an idea waiting with photos', () => {
  it('has photos to send until each is marked sent (the service worker then leaves it to the page)', () => {
    expect(hasPhotosToSend(idea())).toBe(false);
    expect(hasPhotosToSend(idea([]))).toBe(false);
    expect(hasPhotosToSend(idea([photo('a', true), photo('b', false)]))).toBe(true);
    expect(hasPhotosToSend(idea([photo('a', true), photo('b', true)]))).toBe(false);
  });
});
