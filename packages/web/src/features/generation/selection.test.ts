import { describe, expect, it } from 'vitest';
import { formatCreatedAt, selectedIdeaId, selectedIdeaIds } from './selection';

describe('selectedIdeaId', () => {
  it('takes the id of a whole idea or a bare id from navigation state, before the URL', () => {
    expect(selectedIdeaId({ selectedIdea: { id: 'a', content: 'x' } }, new URLSearchParams('idea=b'))).toBe('a');
    expect(selectedIdeaId({ selectedIdea: 'c' }, new URLSearchParams())).toBe('c');
  });
  it('falls back to ?idea= and to nothing', () => {
    expect(selectedIdeaId(null, new URLSearchParams('idea=b'))).toBe('b');
    expect(selectedIdeaId({ selectedIdea: {} }, new URLSearchParams())).toBeNull();
    expect(selectedIdeaId(undefined, new URLSearchParams())).toBeNull();
  });
});

describe('selectedIdeaIds', () => {
  it('keeps the order of the state, without duplicates', () => {
    expect(selectedIdeaIds({ selectedIdeas: [{ id: 'b' }, 'a', { id: 'b' }] }, new URLSearchParams('ideas=z'))).toEqual(
      ['b', 'a'],
    );
  });
  it('reads ?ideas=a,b when there is no state', () => {
    expect(selectedIdeaIds(null, new URLSearchParams('ideas=a,,b'))).toEqual(['a', 'b']);
    expect(selectedIdeaIds(null, new URLSearchParams())).toEqual([]);
  });
});

describe('formatCreatedAt', () => {
  it('formats like "Jan 5, 2025 • 3:04 PM" in English', () => {
    const local = new Date(2025, 0, 5, 15, 4).toISOString();
    expect(formatCreatedAt(local, 'en-US')).toBe('Jan 5, 2025 • 3:04 PM');
  });
  it('uses the locale given, and gives nothing for a bad date', () => {
    const local = new Date(2025, 0, 5, 15, 4).toISOString();
    expect(formatCreatedAt(local, 'ru')).toContain('15:04');
    expect(formatCreatedAt('nope', 'en')).toBe('');
  });
});
