import { afterEach, describe, expect, it } from 'vitest';
import { composeIncomingText, peekIncomingText, storeIncomingText, takeIncomingText } from './incoming-text';

afterEach(() => sessionStorage.clear());

describe('composeIncomingText', () => {
  it('puts the title, the text and the link on their own lines', () => {
    expect(composeIncomingText({ title: 'Trip', text: 'Saw the sea', url: 'https://example.com/a' })).toBe(
      'Trip\nSaw the sea\nhttps://example.com/a',
    );
  });

  it('does not repeat a link the text holds, nor a title the text starts with', () => {
    expect(composeIncomingText({ text: 'Read https://example.com/a', url: 'https://example.com/a' })).toBe(
      'Read https://example.com/a',
    );
    expect(composeIncomingText({ title: 'Saw', text: 'Saw the sea', url: null })).toBe('Saw the sea');
  });

  it('skips empty parts', () => {
    expect(composeIncomingText({ title: '  ', text: null, url: 'https://example.com/b' })).toBe(
      'https://example.com/b',
    );
    expect(composeIncomingText({})).toBe('');
  });
});

describe('the stored shared text', () => {
  it('is read once by take, and left in place by peek', () => {
    storeIncomingText('hello');
    expect(peekIncomingText()).toBe('hello');
    expect(takeIncomingText()).toBe('hello');
    expect(takeIncomingText()).toBeNull();
  });

  it('stores nothing for an empty share', () => {
    storeIncomingText('');
    expect(peekIncomingText()).toBeNull();
  });
});
