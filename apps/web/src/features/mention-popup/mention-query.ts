/** The `@name` being typed at the caret: after an @ at the start or after whitespace, with no space since. */
export interface MentionQuery {
  /** Where the @ is. */
  start: number;
  /** What follows it, up to the caret. */
  query: string;
}

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([^\s@]{0,32})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

/** The text with the typed `@query` replaced by `@username ` and where the caret goes after it. */
export function insertMention(
  text: string,
  at: MentionQuery,
  caret: number,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  const after = text.slice(caret).replace(/^\s/, '');
  return { text: text.slice(0, at.start) + inserted + after, caret: at.start + inserted.length };
}
