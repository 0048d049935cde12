/**
 * Claude's output is shown and emailed as plain text, so markdown is stripped from it
 * (bold, italic, code, strikethrough, links). Heading markers go too; list
 * markers ("- ", "* ", "1. ") and hashtags stay, because the email body converter and the
 * platforms use them. The lines of a fenced code block lose their fences and keep their text.
 */
export function stripMarkdown(text: string): string {
  const stripper = createStreamingMarkdownStripper();
  return stripper.push(text) + stripper.flush();
}

function stripLine(line: string): string {
  return (
    line
      // images, then links: [text](url) keeps the text and the address, since a post may need the link
      .replace(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, '$1')
      .replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_match, label: string, url: string) =>
        label === url || label.trim() === '' ? url : `${label} (${url})`,
      )
      .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
      // headings
      .replace(/^(\s{0,3})#{1,6}\s+/, '$1')
      // inline code
      .replace(/`([^`]+)`/g, '$1')
      // bold before italic
      .replace(/\*\*(?=\S)([^*]+?)(?<=\S)\*\*/g, '$1')
      .replace(/(^|[^\p{L}\p{N}_])__(?=\S)(.+?)(?<=\S)__(?![\p{L}\p{N}_])/gu, '$1$2')
      // strikethrough
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
      // italic: *text* and _text_, never a "* " list marker or snake_case
      .replace(/(^|[^*\p{L}\p{N}])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![*\p{L}\p{N}])/gu, '$1$2')
      .replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\p{L}\p{N}_])/gu, '$1$2')
      // horizontal rules
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/, '')
  );
}

/**
 * Strips markdown from a text that arrives in pieces: complete lines are stripped and passed on,
 * the unfinished last line waits for its end (markers such as ** may be split across chunks).
 */
export function createStreamingMarkdownStripper() {
  let pending = '';
  let isInsideFence = false;
  const stripLines = (lines: string[]) =>
    lines
      .filter((line) => {
        if (/^\s*(```|~~~)/.test(line)) {
          isInsideFence = !isInsideFence;
          return false;
        }
        return true;
      })
      .map((line) => (isInsideFence ? line : stripLine(line)));
  return {
    push(chunk: string): string {
      pending += chunk;
      const lastNewline = pending.lastIndexOf('\n');
      if (lastNewline === -1) return '';
      const complete = pending.slice(0, lastNewline);
      pending = pending.slice(lastNewline + 1);
      return stripLines(complete.split('\n'))
        .map((line) => `${line}\n`)
        .join('');
    },
    flush(): string {
      const rest = pending;
      pending = '';
      return rest === '' ? '' : stripLines([rest]).join('\n');
    },
  };
}
