/**
 * What a message's text is made of once parsed. The renderer knows exactly these node types and
 * nothing else, and every one of them becomes a React element or a text node: user text never
 * reaches the page as HTML.
 */
export type RichNode =
  | { type: 'text'; content: string }
  | { type: 'strong' | 'em' | 'u' | 'del' | 'spoiler' | 'blockQuote'; content: RichNode[] }
  | { type: 'inlineCode'; content: string }
  | { type: 'codeBlock'; lang: string | null; content: string }
  /** `source` is the link as written, shown as text when the target is not allowed. */
  | { type: 'link'; target: string; title: string | null; content: RichNode[]; source: string }
  /** `name` without the @; 'everyone' is @everyone. */
  | { type: 'mention'; name: string }
  /** A `:name:` shortcode, resolved when rendered. */
  | { type: 'emoji'; name: string }
  /** A line starting with `# `, `## ` or `### `. */
  | { type: 'heading'; level: 1 | 2 | 3; content: RichNode[] }
  /**
   * Lines starting with `- `, `* ` or `1. `: its content is `listItem` nodes. `start` is the number
   * of a numbered list's first item, null for bullets.
   */
  | { type: 'list'; start: number | null; content: RichNode[] }
  /** One item of a list; a list nested in it comes last in its content. */
  | { type: 'listItem'; content: RichNode[] };

export type ContainerNode = Extract<RichNode, { content: RichNode[] }>;

export const EVERYONE = 'everyone';
