import type { MatchFunction, Parser, SingleASTNode, State } from 'simple-markdown';

/**
 * How deep formatting may nest. Deeper markers stay text: the parser and React both recurse once
 * per level, so a message made of thousands of nested markers must not cost thousands of frames.
 */
export const MAX_DEPTH = 8;

/** The parser's state as these rules use it. */
export interface ChatState extends State {
  depth?: number;
  /** Inside a link's text: no link within a link. */
  inLink?: boolean;
  /** Inside a quote: quotes do not nest. */
  inQuote?: boolean;
}

/** Parses `content` one level deeper, with `flags` set for the inner parse only. */
export function nested(
  parse: Parser,
  content: string,
  state: ChatState,
  flags: Pick<ChatState, 'inLink' | 'inQuote'> = {},
): SingleASTNode[] {
  const saved = { depth: state.depth, inLink: state.inLink, inQuote: state.inQuote };
  Object.assign(state, flags, { depth: (state.depth ?? 0) + 1 });
  try {
    return parse(content, state);
  } finally {
    Object.assign(state, saved);
  }
}

/** A match function that gives up once formatting is nested as deep as allowed. */
export function bounded(match: MatchFunction): MatchFunction {
  return (source, state: ChatState, prev) => ((state.depth ?? 0) >= MAX_DEPTH ? null : match(source, state, prev));
}

/** Matches `regex` at the start of the source, in any scope (messages are parsed inline throughout). */
export function startsWith(regex: RegExp): MatchFunction {
  return (source) => regex.exec(source);
}
