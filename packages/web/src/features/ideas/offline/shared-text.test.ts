import { afterEach, describe, expect, it } from 'vitest';
import { composeSharedText, peekSharedText, storeSharedText, takeSharedText } from './shared-text';

afterEach(() => sessionStorage.clear());

describe('composeSharedText', () => {
  it('puts the title, the text and the link on their own lines', () => {
    expect(composeSharedText({ title: 'Trip', text: 'Saw the sea', url: 'https://example.com/a' })).toBe(
      'Trip\nSaw the sea\nhttps://example.com/a',
    );
  });

  it('does not repeat a link the text holds, nor a title the text starts with', () => {
    expect(composeSharedText({ text: 'Read https://example.com/a', url: 'https://example.com/a' })).toBe(
      'Read https://example.com/a',
    );
    expect(composeSharedText({ title: 'Saw', text: 'Saw the sea', url: null })).toBe('Saw the sea');
  });

  it('skips empty parts', () => {
    expect(composeSharedText({ title: '  ', text: null, url: 'https://example.com/b' })).toBe('https://example.com/b');
    expect(composeSharedText({})).toBe('');
  });
});

describe('the stored shared text', () => {
  it('is read once by take, and left in place by peek', () => {
    storeSharedText('hello');
    expect(peekSharedText()).toBe('hello');
    expect(takeSharedText()).toBe('hello');
    expect(takeSharedText()).toBeNull();
  });

  it('stores nothing for an empty share', () => {
    storeSharedText('');
    expect(peekSharedText()).toBeNull();
  });
});
