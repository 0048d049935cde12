/** Telegram's longest message text, counted after entities are parsed (so escapes count as one). */
export const telegramMessageLimit = 4096;

/**
 * Plain text for `parse_mode: HTML`: the three characters Telegram reads as markup become entities
 * (Telegram's "HTML style" rules); everything else, quotes included, goes as it is.
 */
export function escapeTelegramHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Cuts `text` at or before `limit` UTF-16 units without splitting a surrogate pair (an emoji). */
function hardCut(text: string, limit: number): number {
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/** The last place at or before `limit` where `pattern` matches, as the index after the match; -1 if none. */
function lastBreak(text: string, limit: number, pattern: RegExp): number {
  let found = -1;
  for (const match of text.slice(0, limit + 1).matchAll(pattern)) {
    const end = match.index + match[0].length;
    if (end <= limit && match.index > 0) found = end;
  }
  return found;
}

/**
 * Splits a post into messages of at most `limit` characters: at paragraph breaks when it can, else
 * at line breaks, then after a sentence, then between words, and only as a last resort in a word.
 * The pieces, joined with blank lines, read as the post did; none is blank.
 */
export function splitForTelegram(text: string, limit = telegramMessageLimit): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const cut = [/\n\s*\n/g, /\n/g, /[.!?…]["»”)]?\s+/g, /\s+/g]
      .map((pattern) => lastBreak(rest, limit, pattern))
      .find((index) => index > 0);
    const at = cut ?? hardCut(rest, limit);
    const piece = rest.slice(0, at).trim();
    if (piece !== '') pieces.push(piece);
    rest = rest.slice(at).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

/**
 * The public link to a message: t.me/<username>/<id> for a public channel or group, t.me/c/<id>/<id>
 * for a private channel or supergroup (readable by its members); null for a basic group, which has none.
 */
export function telegramMessageLink({
  telegramChatId,
  username,
  messageId,
}: {
  telegramChatId: number;
  username: string | null;
  messageId: number;
}): string | null {
  if (username) return `https://t.me/${username}/${messageId}`;
  const id = String(telegramChatId);
  return id.startsWith('-100') ? `https://t.me/c/${id.slice(4)}/${messageId}` : null;
}
