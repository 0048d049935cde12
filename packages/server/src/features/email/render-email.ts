import { translate, type Locale } from '@life-updates/contract/i18n';
import escapeHtml from 'escape-html';

/** The email body is 600 px wide. */
export const emailBodyWidth = 600;
/** Its content, inside 24 px of padding on each side. */
const contentWidth = emailBodyWidth - 2 * 24;

/** A photo under the text: an inline image (its Content-ID) or a link to it. */
export type RenderedPhoto = { number: number; alt: string | null } & (
  { contentId: string; width: number; height: number } | { url: string }
);

const senderNamePlaceholder = /\{\{\s*sender_name\s*\}\}|\[\s*your name\s*\]/gi;
const bulletLine = /^\s*[-*]\s+/;
const markdownHeading = /^#{1,6}\s+/;
/** Sentence punctuation that makes a short line a sentence, not a heading. */
const finalPunctuation = /[.!?,;]$/;

/** Replaces the sender-name placeholder ({{sender_name}} or [Your Name]) in a body. */
export function replaceSenderName(body: string, senderName: string): string {
  return body.replace(senderNamePlaceholder, senderName);
}

/** Escapes user text, then allows one piece of markdown that AI output often carries: **bold**. */
function inline(text: string): string {
  return escapeHtml(text).replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, '<strong>$1</strong>');
}

const styles = {
  heading: 'margin:24px 0 8px;font-size:18px;line-height:1.3;color:#111111;',
  paragraph: 'margin:0 0 16px;',
  list: 'margin:0 0 16px;padding-left:24px;',
  item: 'margin:0 0 4px;',
};

function renderBlock(block: string): string {
  const lines = block.split('\n').map((line) => line.trimEnd());
  if (lines.every((line) => bulletLine.test(line))) {
    const items = lines.map((line) => `<li style="${styles.item}">${inline(line.replace(bulletLine, ''))}</li>`);
    return `<ul style="${styles.list}">${items.join('')}</ul>`;
  }
  if (lines.length === 1) {
    const line = lines[0]!.trim();
    if (markdownHeading.test(line))
      return `<h2 style="${styles.heading}">${inline(line.replace(markdownHeading, ''))}</h2>`;
    if (line.length < 80 && !finalPunctuation.test(line)) return `<h2 style="${styles.heading}">${inline(line)}</h2>`;
  }
  return `<p style="${styles.paragraph}">${lines.map((line) => inline(line.trim())).join('<br>')}</p>`;
}

/**
 * The photos' HTML and text. An image's alt text is the user's description of it, escaped; a photo
 * without one gets an empty alt (a screen reader skips it), never a file name. The text part lists
 * the inline photos by their alt text and gives each link.
 */
function renderPhotos(photos: readonly RenderedPhoto[], locale: Locale, linkDays: number) {
  if (photos.length === 0) return { html: '', text: '' };
  const nameOf = (photo: RenderedPhoto) =>
    photo.alt?.trim() || translate('email.photos.untitled', locale, { number: photo.number });
  const inline = photos.flatMap((photo) => ('contentId' in photo ? [photo] : []));
  const linked = photos.flatMap((photo) => ('url' in photo ? [photo] : []));
  const images = inline.map(
    (photo) =>
      `<img src="cid:${escapeHtml(photo.contentId)}" alt="${escapeHtml(photo.alt?.trim() ?? '')}" width="${Math.min(photo.width, contentWidth)}" style="display:block;width:100%;max-width:${Math.min(photo.width, contentWidth)}px;height:auto;margin:0 0 16px;border:0;">`,
  );
  const linksHeading = translate('email.photos.links', locale, { count: linkDays });
  const links = linked.map(
    (photo) =>
      `<li style="${styles.item}"><a href="${escapeHtml(photo.url)}" style="color:#2563eb;">${escapeHtml(nameOf(photo))}</a></li>`,
  );
  const html = [
    images.length > 0 ? `<div style="margin:24px 0 0;">${images.join('')}</div>` : '',
    links.length > 0
      ? `<p style="margin:16px 0 8px;">${escapeHtml(linksHeading)}</p><ul style="${styles.list}">${links.join('')}</ul>`
      : '',
  ].join('');
  const text = [
    inline.length > 0
      ? `\n${translate('email.photos.heading', locale)}:\n${inline.map((photo) => `- ${nameOf(photo)}`).join('\n')}\n`
      : '',
    linked.length > 0
      ? `\n${linksHeading}\n${linked.map((photo) => `- ${nameOf(photo)}: ${photo.url}`).join('\n')}\n`
      : '',
  ].join('');
  return { html, text };
}

function splitBlocks(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '');
}

/**
 * Turns a plain-text body into the email's HTML and text parts: blank-line-separated
 * blocks become bullet lists when every line starts with - or *, headings when a single short line
 * (under 80 characters) without final punctuation, otherwise paragraphs. The sender-name
 * placeholder is replaced and a "Best regards" signature added, unless the body already ends with
 * one or with the sender's name. Every piece of user text is HTML-escaped.
 */
export function renderEmail({
  body,
  senderName,
  locale = 'en',
  unsubscribeUrl,
  photos = [],
  photoLinkDays = 30,
}: {
  body: string;
  senderName: string;
  locale?: Locale;
  /** Update emails only: adds the footer saying who sent it and why, with this unsubscribe link. */
  unsubscribeUrl?: string | undefined;
  /** The share's photos, under the text and its signature: inline images first, then the links. */
  photos?: readonly RenderedPhoto[];
  /** How long the photo links work, for the line above them. */
  photoLinkDays?: number;
}) {
  const bestRegards = translate('email.bestRegards', locale);
  const filled = replaceSenderName(body.replace(/\r\n?/g, '\n'), senderName).trim();
  const blocks = splitBlocks(filled);
  const lastBlock = blocks.at(-1)?.trim().toLowerCase() ?? '';
  // Already signed: a "Best regards" block, or a last line that is the sender's name (the built-in
  // templates end with [Your Name], replaced above) — then no second signature.
  const lastLine = filled.split('\n').at(-1)?.trim() ?? '';
  const endsWithName = lastLine !== '' && lastLine.toLowerCase() === senderName.trim().toLowerCase();
  const hasSignature =
    endsWithName || [bestRegards.toLowerCase(), 'best regards'].some((phrase) => lastBlock.startsWith(phrase));
  const signatureText = hasSignature ? '' : `\n\n${bestRegards},\n${senderName}`;
  const signatureHtml = hasSignature
    ? ''
    : `<p style="margin:24px 0 0;">${escapeHtml(bestRegards)},<br>${escapeHtml(senderName)}</p>`;
  const content = blocks.map(renderBlock).join('\n');
  const why = translate('recipients.footer.why', locale, { name: senderName });
  const footerHtml = unsubscribeUrl
    ? `<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #e4e4e7;font-size:12px;line-height:1.5;color:#71717a;">${escapeHtml(why)}<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#71717a;">${escapeHtml(translate('recipients.footer.unsubscribe', locale))}</a></p>`
    : '';
  const footerText = unsubscribeUrl
    ? `\n--\n${why}\n${translate('recipients.footer.unsubscribeText', locale, { url: unsubscribeUrl })}\n`
    : '';
  const photoParts = renderPhotos(photos, locale, photoLinkDays);
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>`,
    '<body style="margin:0;padding:0;background-color:#f4f4f5;">',
    `<div style="width:${emailBodyWidth}px;max-width:100%;margin:0 auto;padding:24px;box-sizing:border-box;background-color:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#27272a;">`,
    content,
    signatureHtml,
    photoParts.html,
    footerHtml,
    '</div>',
    '</body></html>',
  ].join('\n');
  return { html, text: `${filled}${signatureText}\n${photoParts.text}${footerText}` };
}
