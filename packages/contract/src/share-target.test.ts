import { describe, expect, it } from 'vitest';
import { incomingShareLocation, missedPhotosParam, sharedTextSchema } from './share-target.ts';

const queryOf = (location: string) => Object.fromEntries(new URL(location, 'http://localhost').searchParams);

describe('incomingShareLocation', () => {
  it('puts the shared fields that have a value in the query, and the missed photos when there are any', () => {
    expect(incomingShareLocation({})).toBe('/share');
    expect(incomingShareLocation({ title: '', text: 'Hello world', url: undefined, missedPhotos: 0 })).toBe(
      '/share?text=Hello+world',
    );
    const location = incomingShareLocation({ title: 'A & B', url: 'https://example.com/?a=1&b=2', missedPhotos: 3 });
    expect(queryOf(location)).toEqual({
      title: 'A & B',
      url: 'https://example.com/?a=1&b=2',
      [missedPhotosParam]: '3',
    });
  });

  it('cuts the text first, then leaves out the link, to fit the longest query, never splitting an emoji', () => {
    const text = '🥐'.repeat(2000);
    const location = incomingShareLocation(
      { title: 'Breakfast', text, url: 'https://example.com/b' },
      { maxQueryLength: 500 },
    );
    expect(location.length - '/share?'.length).toBeLessThanOrEqual(500);
    const query = queryOf(location);
    expect(query.title).toBe('Breakfast');
    expect(query.url).toBe('https://example.com/b');
    expect(query.text?.length).toBeGreaterThan(10);
    expect(text.startsWith(query.text ?? '-')).toBe(true);
    expect(query.text?.isWellFormed()).toBe(true);

    const onlyTitle = queryOf(
      incomingShareLocation(
        { title: 'Short', text: 'x'.repeat(900), url: `https://example.com/${'y'.repeat(900)}` },
        { maxQueryLength: 40 },
      ),
    );
    expect(onlyTitle).toEqual({ title: 'Short' });
  });
});

describe('sharedTextSchema', () => {
  it('cuts a field to what an idea holds instead of refusing the share', () => {
    const parsed = sharedTextSchema.parse({ text: 'a'.repeat(12_000), title: 'T' });
    expect(parsed.text).toHaveLength(10_000);
    expect(parsed.title).toBe('T');
    expect(sharedTextSchema.safeParse({ text: 5 }).success).toBe(false);
  });
});
