/** A LIKE pattern matching `text` anywhere: `%`, `_` and `\` typed in a search box are literal characters, not wildcards. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
