import SimpleMarkdown, { type SingleASTNode } from 'simple-markdown';
import type { RichNode } from '../ast';
import { blockRules } from './block-rules';
import { chatRules } from './chat-rules';
import { formatRules } from './format-rules';
import { lineBlocks } from './line-blocks';
import { linkRules } from './link-rules';

/**
 * The chat dialect on simple-markdown's parser: its rule engine and many of its rules, none of its
 * output. Lower order wins; rules of one order compare match quality (bold against italic).
 */
const parse = SimpleMarkdown.parserFor(
  {
    ...blockRules(0),
    ...linkRules(2),
    ...formatRules(5),
    ...chatRules(8),
  },
  // Inline throughout: a message is one flow of text with a few blocks in it, not Markdown
  // paragraphs, so line breaks are kept as typed.
  { inline: true },
);

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const headingLevel = (value: unknown): 1 | 2 | 3 => (value === 2 || value === 3 ? value : 1);

/**
 * simple-markdown's nodes (any props) into our closed set of node types, joining neighbouring text.
 * A node of any other type cannot occur, but would be dropped rather than trusted.
 */
function toRich(nodes: readonly SingleASTNode[]): RichNode[] {
  const out: RichNode[] = [];
  const pushText = (content: string) => {
    const last = out[out.length - 1];
    if (last?.type === 'text') last.content += content;
    else if (content) out.push({ type: 'text', content });
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        pushText(str(node.content));
        break;
      case 'strong':
      case 'em':
      case 'u':
      case 'del':
      case 'spoiler':
      case 'listItem':
        out.push({ type: node.type, content: toRich(node.content as SingleASTNode[]) });
        break;
      case 'blockQuote':
        // A quote's lines may be headings and lists too, as in Discord.
        out.push({ type: 'blockQuote', content: toRich(lineBlocks(node.content as SingleASTNode[])) });
        break;
      case 'heading':
        out.push({
          type: 'heading',
          level: headingLevel(node.level),
          content: toRich(node.content as SingleASTNode[]),
        });
        break;
      case 'list':
        out.push({
          type: 'list',
          start: typeof node.start === 'number' ? node.start : null,
          content: toRich(node.content as SingleASTNode[]),
        });
        break;
      case 'inlineCode':
        out.push({ type: 'inlineCode', content: str(node.content) });
        break;
      case 'codeBlock':
        out.push({ type: 'codeBlock', lang: node.lang ? str(node.lang) : null, content: str(node.content) });
        break;
      case 'link':
        out.push({
          type: 'link',
          target: str(node.target),
          title: node.title ? str(node.title) : null,
          content: toRich(node.content as SingleASTNode[]),
          source: str(node.source),
        });
        break;
      case 'mention':
      case 'emoji':
        out.push({ type: node.type, name: str(node.name) });
        break;
    }
  }
  return out;
}

/** Parses a message's text; pure, so the result may be cached by text. */
export function parseRich(text: string): RichNode[] {
  return toRich(lineBlocks(parse(text, { inline: true })));
}
