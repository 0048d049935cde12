import { describe, expect, it } from 'vitest';
import { createStreamingMarkdownStripper, stripMarkdown } from './strip-markdown.ts';

describe('stripMarkdown (bold, italic, code, strikethrough, links)', () => {
  it.each([
    ['bold with asterisks', 'A **big** day', 'A big day'],
    ['bold with underscores', 'A __big__ day', 'A big day'],
    ['italic with asterisks', 'A *quiet* day', 'A quiet day'],
    ['italic with underscores', 'A _quiet_ day', 'A quiet day'],
    ['bold italic', 'A ***loud*** day', 'A loud day'],
    ['inline code', 'Run `npm test` now', 'Run npm test now'],
    ['strikethrough', 'It was ~~bad~~ fine', 'It was bad fine'],
    [
      'a link keeps its text and address',
      'See [my post](https://example.com/post)',
      'See my post (https://example.com/post)',
    ],
    ['a bare link in brackets', 'See [https://example.com](https://example.com)', 'See https://example.com'],
    ['an autolink', 'See <https://example.com>', 'See https://example.com'],
    ['an image keeps its alt text', '![a lake](https://example.com/lake.png)', 'a lake'],
    ['a heading marker', '## What happened', 'What happened'],
  ])('removes %s', (_label, input, expected) => {
    expect(stripMarkdown(input)).toBe(expected);
  });

  it.each([
    ['list markers', '- one\n* two\n1. three'],
    ['hashtags', 'Great week #hiking #LifeUpdates'],
    ['snake_case words', 'the user_name field and file_name_here'],
    ['arithmetic', '2 * 3 * 4 = 24'],
    ['plain prose', "It's a plain sentence, with commas; and more."],
  ])('keeps %s', (_label, input) => {
    expect(stripMarkdown(input)).toBe(input);
  });

  it('removes code fences and keeps the code lines as they are', () => {
    expect(stripMarkdown('Before\n```js\nconst a = b * c * d;\n```\nAfter **x**')).toBe(
      'Before\nconst a = b * c * d;\nAfter x',
    );
  });

  it('strips the same way when the text arrives in pieces', () => {
    const text = '# Title\nA **bold** and *soft* [link](https://a.example) `code`\n~~gone~~ end';
    const stripper = createStreamingMarkdownStripper();
    let output = '';
    for (const character of text) output += stripper.push(character);
    output += stripper.flush();
    expect(output).toBe(stripMarkdown(text));
    expect(output).toBe('Title\nA bold and soft link (https://a.example) code\ngone end');
  });
});
