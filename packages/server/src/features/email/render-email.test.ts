import { describe, expect, it } from 'vitest';
import { renderEmail, replaceSenderName } from './render-email.ts';

function content(html: string) {
  // The part between the 600 px wrapper and the signature.
  return html.slice(html.indexOf('color:#27272a;">') + 'color:#27272a;">'.length, html.lastIndexOf('</div>')).trim();
}

describe('renderEmail', () => {
  it('turns blocks whose lines start with - or * into a bullet list', () => {
    const { html } = renderEmail({
      body: 'We moved this week.\n\n- new flat\n* new job\n- new city',
      senderName: 'Ann',
    });
    expect(html).toMatch(/<ul[^>]*><li[^>]*>new flat<\/li><li[^>]*>new job<\/li><li[^>]*>new city<\/li><\/ul>/);
  });

  it('makes a short line without a final period a heading, and long or finished sentences paragraphs', () => {
    const long = 'This line is certainly going to be longer than eighty characters and has no final period';
    const { html } = renderEmail({ body: `Big news\n\nWe got a dog.\n\n${long}\n\n## Next steps`, senderName: 'Ann' });
    expect(html).toMatch(/<h2[^>]*>Big news<\/h2>/);
    expect(html).toMatch(/<p[^>]*>We got a dog\.<\/p>/);
    expect(html).toMatch(new RegExp(`<p[^>]*>${long}</p>`));
    expect(html).toMatch(/<h2[^>]*>Next steps<\/h2>/);
    expect(html).not.toContain('##');
  });

  it('keeps line breaks inside a paragraph and treats a mixed block as a paragraph', () => {
    const { html } = renderEmail({ body: 'Dear Bob,\nthe week was long.\n- but fine', senderName: 'Ann' });
    expect(html).toMatch(/<p[^>]*>Dear Bob,<br>the week was long\.<br>- but fine<\/p>/);
  });

  it('replaces the sender-name placeholders and signs with Best regards', () => {
    const { html, text } = renderEmail({ body: 'Hello from {{sender_name}} and [Your Name].', senderName: 'Ann Lee' });
    expect(html).toContain('Hello from Ann Lee and Ann Lee.');
    expect(html).toMatch(/<p[^>]*>Best regards,<br>Ann Lee<\/p>/);
    expect(text).toBe('Hello from Ann Lee and Ann Lee.\n\nBest regards,\nAnn Lee\n');
    expect(replaceSenderName('[your name] / {{ sender_name }}', 'X')).toBe('X / X');
  });

  it('signs once when a built-in template already ends with [Your Name]', () => {
    const { html, text } = renderEmail({ body: 'Hi Bo,\n\nNews.\n\nWarmly,\n[Your Name]', senderName: 'Ann Lee' });
    expect(text).toBe('Hi Bo,\n\nNews.\n\nWarmly,\nAnn Lee\n');
    expect(html.match(/Ann Lee/g)).toHaveLength(1);
    expect(html).not.toContain('Best regards');
    const bare = renderEmail({ body: 'News.\n\n[Your Name]', senderName: 'Ann Lee' });
    expect(bare.text).toBe('News.\n\nAnn Lee\n');
  });

  it('does not sign twice when the body already ends with Best regards', () => {
    const { html, text } = renderEmail({ body: 'All good here.\n\nBest regards,\n[Your Name]', senderName: 'Ann' });
    expect(text.match(/Best regards/g)).toHaveLength(1);
    expect(html.match(/Best regards/g)).toHaveLength(1);
    expect(html).toContain('Best regards,<br>Ann');
  });

  it('signs in the given language', () => {
    expect(renderEmail({ body: 'Привет.', senderName: 'Аня', locale: 'ru' }).text).toBe(
      'Привет.\n\nС наилучшими пожеланиями,\nАня\n',
    );
  });

  it('is 600 px wide', () => {
    expect(renderEmail({ body: 'Hi.', senderName: 'Ann' }).html).toContain('width:600px');
  });

  it('escapes every piece of user text, markup in an idea included', () => {
    const body =
      '<script>alert("x")</script> & **bold <b>move</b>**\n\n- <img src=x onerror=alert(1)>\n\n# <i>Title</i>';
    const { html, text } = renderEmail({ body, senderName: '<Ann & "Co">' });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<i>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <strong>bold &lt;b&gt;move&lt;/b&gt;</strong>',
    );
    expect(html).toMatch(/<li[^>]*>&lt;img src=x onerror=alert\(1\)&gt;<\/li>/);
    expect(html).toMatch(/<h2[^>]*>&lt;i&gt;Title&lt;\/i&gt;<\/h2>/);
    expect(html).toContain('&lt;Ann &amp; &quot;Co&quot;&gt;');
    // The text part is the text as written.
    expect(text).toContain('<script>alert("x")</script>');
    expect(content(html)).not.toContain('**');
  });

  it('adds the footer with who sent it, why, and the unsubscribe link only when given one, in the language', () => {
    const link = 'https://life.test/u/abc.def?x=1&y=2';
    const plain = renderEmail({ body: 'Hello', senderName: 'Ann' });
    expect(plain.text).not.toContain('Life Updates');
    expect(plain.html).not.toContain('/u/');
    const english = renderEmail({ body: 'Hello', senderName: '<Ann>', unsubscribeUrl: link });
    expect(english.html).toContain(
      'You are receiving this email because &lt;Ann&gt; shares personal updates with you through Life Updates.',
    );
    expect(english.html).toContain('<a href="https://life.test/u/abc.def?x=1&amp;y=2"');
    expect(english.text).toContain(`To stop receiving these updates: ${link}`);
    const russian = renderEmail({ body: 'Привет', senderName: 'Аня', locale: 'ru', unsubscribeUrl: link });
    expect(russian.text).toContain('Вы получили это письмо, потому что Аня делится с вами личными новостями');
    expect(russian.html).toContain('>Отписаться</a>');
  });
});

describe('renderEmail with photos', () => {
  const photos = [
    { number: 1, alt: 'A "big" <wave>', contentId: 'photo-1@life-updates', width: 2048, height: 1536 },
    { number: 2, alt: null, contentId: 'photo-2@life-updates', width: 300, height: 200 },
    { number: 3, alt: 'Sunset & sea', url: 'https://life.test/api/photo-links/abc?x=1&y=2' },
    { number: 4, alt: '  ', url: 'https://life.test/api/photo-links/def' },
  ];

  it('shows the images under the signature, at most the content width, the rest as links', () => {
    const { html, text } = renderEmail({ body: 'We moved.', senderName: 'Ann', photos, photoLinkDays: 30 });
    expect(html.indexOf('src="cid:photo-1@life-updates"')).toBeGreaterThan(html.indexOf('Ann</p>'));
    expect(html).toContain('src="cid:photo-1@life-updates" alt="A &quot;big&quot; &lt;wave&gt;" width="552"');
    expect(html).toContain('src="cid:photo-2@life-updates" alt="" width="300"');
    expect(html).toContain('<a href="https://life.test/api/photo-links/abc?x=1&amp;y=2"');
    expect(html).toContain('>Sunset &amp; sea</a>');
    // Blank alt text is no alt text: the photo is named by its place.
    expect(html).toContain('>Photo 4</a>');
    expect(text).toContain(
      'Photos:\n- A "big" <wave>\n- Photo 2\n\nMore photos (the links work for 30 days):\n' +
        '- Sunset & sea: https://life.test/api/photo-links/abc?x=1&y=2\n- Photo 4: https://life.test/api/photo-links/def\n',
    );
  });

  it('speaks the sender’s language, plural forms included', () => {
    const one = renderEmail({ body: 'Привет', senderName: 'Аня', locale: 'ru', photos, photoLinkDays: 1 });
    expect(one.text).toContain('Фотографии:\n- A "big" <wave>\n- Фото 2\n');
    expect(one.text).toContain('Ещё фотографии (ссылки действуют 1 день):');
    const many = renderEmail({ body: 'Привет', senderName: 'Аня', locale: 'ru', photos, photoLinkDays: 30 });
    expect(many.text).toContain('(ссылки действуют 30 дней):');
  });

  it('without photos, the mail is what it was', () => {
    const plain = renderEmail({ body: 'We moved.', senderName: 'Ann' });
    expect(renderEmail({ body: 'We moved.', senderName: 'Ann', photos: [] })).toEqual(plain);
    expect(plain.html).not.toContain('<img');
  });
});
